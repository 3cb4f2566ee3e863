/**
 * Built-in topic lexicons. A topic's score over a text is the noisy-or of the weights of the
 * distinct terms found (1 - prod(1 - w)): one strong cue (0.6) is enough for the default
 * threshold 0.5, medium cues (0.35) need a second cue, weak cues (0.2) only add evidence.
 * Terms are matched on folded text with word boundaries; a trailing `*` allows an inflection.
 * The "advice" topics look for someone asking what to do (doses, diagnoses, lawsuits, what to
 * invest in), not for every mention of a doctor, a court or a bank.
 */

/** Weight of a term. */
export const STRONG = 0.6;
export const MEDIUM = 0.35;
export const WEAK = 0.2;

/** One built-in topic. */
export interface TopicLexicon {
  /** Canonical name (what a policy usually writes). */
  name: string;
  /** Other names a policy may use for it. */
  aliases: string[];
  strong: string[];
  medium: string[];
  weak: string[];
}

export const TOPIC_LEXICONS: readonly TopicLexicon[] = [
  {
    name: 'medical advice',
    aliases: ['medical', 'medicine', 'health', 'health advice', 'medical_advice', 'healthcare', 'diagnosis'],
    strong: [
      'dosage*', 'dose of', 'doses of', 'mg of', 'milligrams of', 'overdos*', 'side effect*', 'drug interaction*',
      'contraindicat*', 'diagnosed with', 'medical instructions', 'prescription*', 'prescribe*', 'symptom*', 'medical advice', 'health advice', 'what medication*',
      'which medication*', 'what medicine*', 'which medicine*', 'is it safe to take', 'safe to take', 'treat my',
      'treatment for', 'treatment plan', 'cure for', 'cure my', 'should i see a doctor', 'see a doctor',
      'antibiotic*', 'chest pain', 'migraine*', 'surgery', 'coughing up blood', 'birth control', 'contracepti*',
      'heart attack', 'first degree burn', 'second degree burn', 'third degree burn', 'signs of a stroke',
      '*cillin', '*mycin', '*statin', '*prazole', '*formin', '*oxetine', '*azepam', 'painkiller*', 'pain relief', 'ibuprofen', 'acetaminophen', 'paracetamol',
      'aspirin', 'insulin', 'antidepressant*', 'chemotherapy', 'blood pressure', 'blood sugar', 'medical condition*',
    ],
    medium: [
      'medication*', 'medicine*', 'pill', 'pills', 'doctor', 'diagnos*', 'physician', 'nurse', 'hospital', 'clinic',
      'pharmacist', 'infection*', 'infected', 'fever', 'rash', 'lump', 'tumou*r', 'tumor*', 'cancer', 'diabetes',
      'diabetic', 'asthma', 'allerg*', 'pregnan*', 'miscarriage', 'vaccin*', 'my doctor', 'stroke',
      'cholesterol', 'depression', 'anxiety disorder', 'therapy', 'hiv',
      'illness', 'disease', 'injury', 'wound', 'sprain*', 'fracture*', 'inflammation', 'cough*', 'nausea',
    ],
    weak: [
      'headache*', 'pain', 'ache*', 'sick', 'ill', 'hurts', 'sore', 'dizzy', 'tired', 'sleep', 'health',
      'healthy', 'weight loss', 'diet', 'heal', 'patient', 'medical', 'tablets', 'blood', 'burn', 'throat',
      'is it serious', 'what could be causing', 'should i be worried', 'is it normal',
    ],
  },
  {
    name: 'legal advice',
    aliases: ['legal', 'law', 'legal_advice', 'lawyer', 'legal counsel'],
    strong: [
      'legal advice', 'sued', 'suing', 'lawsuit*', 'press charges', 'file a claim', 'small claims',
      'is it legal', 'is it illegal', 'legally allowed', 'legally required', 'my rights', 'my legal rights',
      'my lawyer', 'hire a lawyer', 'legal action', 'speeding ticket', 'parking ticket', 'break my lease',
      'verbal agreement', 'held liable', 'broke our contract', 'broke the contract', 'fire me for', 'fired me for',
      'fired for', 'search my car', 'search my house', 'breach of contract', 'custody', 'divorce',
      'eviction', 'evicted', 'evicting', 'restraining order', 'plead guilty', 'plea deal', 'convicted', 'avoid being convicted',
      'criminal record', 'get out of a ticket', 'dui', 'drunk driving', 'driving under the influence', 'copyright infringement',
      'non-compete', 'wrongful termination', 'defamation', 'libel',
      'immigration status', 'visa application', 'green card', 'tenant rights', 'will and testament',
      'power of attorney', 'terminating a contract', 'terminate a contract', 'legal definition',
    ],
    medium: [
      'attorney', 'lawyer', 'court', 'judge', 'legal', 'illegal', 'lawful', 'unlawful', 'contract', 'lease',
      'settlement', 'court case', 'prosecut*', 'arrest*', 'police', 'fined', 'penalty', 'sue', 'landlord', 'trademark*',
      'liable', 'liability', 'a lawyer', 'an attorney', 'slander', 'breach*', 'warrant', 'without my permission', 'regulation*', 'statute',
      'jurisdiction', 'inheritance', 'probate', 'tenant', 'employer fired', 'harassment at work',
      'discriminat*', 'gdpr', 'hipaa', 'patent*',
    ],
    weak: ['law', 'laws', 'rights', 'rule*', 'agreement', 'claim', 'dispute', 'estate', 'license', 'licence', 'permit',
      'binding', 'employer', 'without permission'],
  },
  {
    name: 'financial advice',
    aliases: ['finance', 'financial', 'financial_advice', 'investment advice', 'investing', 'investment', 'money advice'],
    strong: [
      'financial advice', 'investment advice', 'should i invest', 'good time to buy', 'good time to sell',
      'way to invest', 'invest it', 'hedge against', 'retire at', 'retire early', 'can i retire', 'afford to retire',
      'what stock*', 'which stock*', 'stock tip*', 'best stock*', 'invest in', 'investing in',
      'my portfolio', 'investment portfolio', 'retirement savings', '401k', '401(k)', 'roth ira',
      'index fund*', 'etf', 'etfs', 'mutual fund*', 'day trad*', 'options trading', 'short selling', 'crypto',
      'cryptocurrenc*',
      'bitcoin', 'ethereum', 'forex', 'tax advice', 'tax return', 'avoid taxes', 'reduce my taxes', 'tax shelter',
      'get rich', 'make money fast', 'passive income', 'pay off my debt', 'pay off debt', 'debt consolidation',
      'refinanc*', 'mortgage rate*', 'take out a loan', 'net worth',
      'financial plan*', 'financial advisor', 'return on investment', 'dividend*', 'capital gains',
    ],
    medium: [
      'invest*', 'stock*', 'shares', 'bonds', 'trading', 'trader', 'retirement', 'pension', 'mortgage',
      'loan*', 'debt*', 'interest rate*', 'inflation', 'budget*', 'wealth', 'tax', 'taxes', 'taxed', 'taxation',
      'asset*', 'financial*', 'finance*', 'profit*', 'portfolio', 'ira', 'should i buy', 'should i sell',
      'credit score', 'retirement account', 'personal loan', 'financially',
    ],
    weak: ['bank', 'dollar*', 'cash', 'price*', 'buy', 'sell', 'pay', 'spend*', 'save', 'cost*', 'money', 'income', 'market*', 'inherited', 'gold', 'savings'],
  },
  {
    name: 'politics',
    aliases: ['political', 'political topics', 'elections', 'election', 'government', 'political opinions'],
    strong: [
      'politic*', 'election*', 'elect', 'vote for', 'voting for', 'ballot*', 'polling station',
      'democrat*', 'republican*', 'gop', 'left-wing', 'right-wing', 'parliament*',
      'senat*', 'campaign slogan', 'city council', 'president biden', 'president trump', 'biden', 'obama', 'prime minister',
      'presidential', 'campaign rall*', 'partisan', 'impeach*', 'legislat*', 'lobbying', 'lobbyist*', 'referendum', 'brexit',
      'abortion', 'gun control', 'immigration policy', 'political party', 'political parties', 'socialis*',
      'communis*', 'fascis*', 'propaganda', 'policy debate', 'the government should', 'tory', 'tories',
      'labour party', 'geopolitic*',
    ],
    medium: [
      'government', 'president', 'minister', 'mayor', 'governor', 'vote*', 'voting', 'voter*', 'candidate*',
      'liberal*', 'conservative*', 'trump', 'regime', 'congress*', 'protest*', 'activis*', 'senator', 'law*maker*', 'nationalis*', 'ideolog*',
      'democracy', 'dictator*', 'sanction*', 'tariff*',
    ],
    weak: ['party', 'state', 'nation', 'public', 'rights', 'country', 'leader*', 'reform*', 'policy', 'policies', 'campaign'],
  },
  {
    name: 'religion',
    aliases: ['religious', 'religious topics', 'faith', 'beliefs', 'spirituality'],
    strong: [
      'religio*', 'gods', 'allah', 'jesus', 'christ', 'christian*', 'christianity', 'muslim*', 'islam*',
      'jew', 'jews', 'jewish', 'judaism', 'hindu*', 'buddhis*', 'buddha', 'sikh*', 'atheis*', 'agnostic*',
      'bible', 'quran', 'koran', 'torah', 'scripture*', 'church*', 'mosque*', 'synagogue*', 'pray', 'prayed',
      'praying', 'prayer*', 'worship*', 'salvation', 'afterlife', 'prophet*', 'pope', 'priest*', 'imam*', 'rabbi',
      'rabbis', 'monk', 'monks', 'spiritual*', 'mormon*', 'catholic*', 'protestant*', 'evangelic*', 'scientology',
      'blasphem*', 'ramadan', 'passover', 'sabbath', 'is it a sin', 'god exist*', 'existence of god',
      'believe in god',
    ],
    medium: ['god', 'belief*', 'believer*', 'soul', 'souls', 'miracle*', 'angel', 'angels', 'devil', 'satan*', 'cult', 'cults',
      'ritual*', 'heaven', 'hell', 'sin', 'sins', 'faith', 'divine', 'holy', 'sacred', 'temple', 'temples', 'easter'],
    weak: ['bless*', 'moral*', 'ethic*', 'karma'],
  },
  {
    name: 'weapons',
    aliases: ['weapon', 'guns', 'firearms', 'firearm', 'arms', 'explosives'],
    strong: [
      'weapon*', 'gun', 'guns', 'firearm*', 'rifle*', 'pistol*', 'handgun*', 'shotgun*', 'revolver*',
      'assault rifle*', 'ar-15', 'ak-47', 'machine gun*', 'ammo', 'ammunition', 'bullet', 'bullets', 'caliber',
      'glock*', 'beretta*', 'remington', 'smith & wesson', 'calibre',
      'magazine capacity', 'silencer*', 'suppressor*', 'ghost gun*', '3d printed gun*', 'pipe bomb*',
      'build a bomb', 'make a bomb', 'car bomb*', 'explosive*', 'detonat*', 'grenade*', 'landmine*', 'missile*', 'warhead*', 'nuclear weapon*',
      'chemical weapon*', 'bioweapon*', 'nerve agent*', 'napalm', 'molotov', 'thermite', 'tnt', 'c4', 'ied',
      'shooting range', 'concealed carry', 'gun license', 'gun licence', 'brass knuckles', 'switchblade*',
      'crossbow*', 'sniper*', 'artillery', 'tank shell*',
    ],
    medium: ['bomb', 'bombs', 'knife', 'knives', 'sword*', 'shoot*', 'armed', 'arsenal', 'munition*', 'militar*', 'gunpowder', 'war',
      'wars', 'warfare'],
    weak: ['attack*', 'kill*', 'fight*', 'defen*', 'hunt*', 'target*', 'blast', 'fire', 'shot', 'blade*', 'trigger', 'scope', 'magazine', 'rounds'],
  },
  {
    name: 'drugs',
    aliases: ['drug', 'illegal drugs', 'narcotics', 'recreational drugs', 'substance abuse', 'controlled substances'],
    strong: [
      'cocaine', 'crack cocaine', 'heroin', 'meth', 'methamphetamine', 'crystal meth', 'fentanyl', 'mdma',
      'ecstasy', 'lsd', 'acid trip', 'psilocybin', 'magic mushrooms', 'shrooms', 'ketamine', 'marijuana',
      'cannabis', 'thc', 'cbd', 'edibles', 'opioid*', 'opiate*', 'oxycodone', 'oxycontin', 'xanax',
      'adderall', 'benzo*', 'amphetamine*', 'ghb', 'dmt', 'ayahuasca', 'narcotic*', 'drug dealer*',
      'drug deal*', 'drug trafficking', 'get high', 'getting high', 'stoned', 'overdos*', 'drug use',
      'recreational drug*', 'illegal drug*', 'controlled substance*', 'snorting', 'inject heroin',
      'meth lab', 'drug test', 'pass a drug test', 'buy weed', 'smoke weed', 'smoking weed',
    ],
    medium: ['drug', 'drugs', 'weed', 'substance*', 'addict*', 'addiction', 'dose', 'joint', 'bong', 'rehab', 'withdrawal'],
    weak: ['pill', 'pills', 'high', 'smoke', 'smoking', 'party', 'trip', 'pipe'],
  },
  {
    name: 'gambling',
    aliases: ['betting', 'gaming odds', 'casino', 'casinos', 'wagering'],
    strong: [
      'gambl*', 'casino*', 'sports betting', 'place a bet', 'placing bets', 'bet on', 'betting', 'bookie*',
      'bookmaker*', 'sportsbook*', 'odds of winning', 'betting odds', 'parlay*', 'poker', 'blackjack',
      'roulette', 'slot machine*', 'baccarat', 'craps', 'lottery', 'lotto', 'scratch card*',
      'jackpot*', 'wager*', 'point spread', 'over/under', 'fantasy sports', 'online casino*', 'card counting',
      'high roller*', 'draftkings', 'fanduel', 'bet365',
    ],
    medium: ['bet', 'bets', 'odds', 'slots', 'payout*', 'winnings', 'raffle*', 'sweepstake*'],
    weak: ['luck*', 'win', 'winning', 'prize*', 'game*', 'stake*', 'dice', 'chips'],
  },
  {
    name: 'competitors',
    aliases: ['competitor', 'competition', 'competing products', 'rivals'],
    strong: ['competitor*', 'competing product*', 'competing service*', 'rival product*'],
    medium: ['alternative to', 'alternatives to', 'switch to', 'switching to', 'compared to', 'comparison with', 'versus', 'better than'],
    weak: ['vs', 'alternative*', 'instead of', 'cheaper'],
  },
];
