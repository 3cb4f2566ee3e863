/** Pasted material long prompts are made of in prompt_guard's tests: prose, a table, code, a log, a letter. */
export const PASTED = [
  'The quarterly review covers revenue, churn and the hiring plan for the next two quarters. Each team lead summarised their goals and the risks they see.\n\n',
  '| Region | Q1 | Q2 | Change |\n|---|---|---|---|\n| North America | $12.4M | $13.1M | +5.6% |\n| EMEA | $8.2M | $8.0M | -2.4% |\n\n',
  'def parse_args(argv):\n    out = {}\n    for arg in argv:\n        if arg.startswith("--"):\n            key, value = arg[2:].split("=", 1)\n            out[key] = value\n    return out\n\n',
  '2024-03-02 10:14:07 INFO worker-3 job 18211 finished in 412 ms (rows=1200, retries=0)\n2024-03-02 10:14:09 WARN worker-1 slow query on orders_by_day (1.9 s)\n\n',
  'Dear team, thank you for the thoughtful feedback on the onboarding guide. I have folded your comments into the second draft, attached.\n\n',
];
