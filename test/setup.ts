// Loaded before every test file: keep the suite's output to test results.
process.env.PORTCULLIS_LOG_LEVEL ??= 'silent';
