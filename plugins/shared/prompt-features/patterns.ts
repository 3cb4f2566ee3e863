/**
 * Phrase families of direct prompt injection and jailbreaks, matched on folded text (lower case,
 * accents removed, see normalize.ts). Each family is one weak feature of the scoring model, never
 * a verdict on its own. Sources are folded like the text and compiled once, at module load.
 */
import { foldMarks } from './normalize.js';
import { ASCII_ALNUM, classOf, codePointBefore, LETTER, NUMBER } from './chars.js';
import { firstUnits } from './first-units.js';
import { literalPrefixes } from './literal-prefixes.js';
import { CodeUnitTrie } from './code-unit-trie.js';

/** The phrase families; the first six are also the categories a hit names. */
export const FAMILIES = [
  'instruction_override',
  'persona_jailbreak',
  'prompt_extraction',
  'refusal_suppression',
  'fake_delimiter',
  'response_priming',
  'roleplay_framing',
  'harmful_topic',
  'persuasion',
  'prompt_mention',
  'benign_context',
] as const;
export type Family = (typeof FAMILIES)[number];

// Word edges that also work for accented and non-Latin letters.
const B = '(?<![\\p{L}\\p{N}])';
const WORD_EDGE = B;
const E = '(?![\\p{L}\\p{N}])';
const w = (s: string) => `${B}(?:${s})${E}`;

const EN_OVERRIDE_VERB = 'ignore|ignoring|disregard|forget|skip|bypass|override|overlook|abandon|neglect|set aside|throw away|discard|drop|delete|erase|cancel|void|nevermind|never mind';
const EN_PRIOR = 'previous|prior|above|earlier|preceding|former|original|initial|foregoing|old|existing|system|developer|all(?: of)?(?: the| your)?|any(?: of)?(?: the| your)?|your|these|those|the';
const EN_RULES = 'instructions?|prompts?|directions?|directives?|rules?|guidelines?|commands?|orders?|context|constraints?|restrictions?|programming|training|policies|policy|filters?|safeguards?|guardrails?|limitations?|tasks?|messages?|text|content|conversation|everything|settings|configuration|principles|protocols?';

const SOURCES: Record<Family, string[]> = {
  instruction_override: [
    // "Disregard my previous email" is about the writer's own message, not the assistant's rules.
    `${B}(?:${EN_OVERRIDE_VERB})${E}(?!\\s+my${E})[^.\\n]{0,30}?${w(EN_PRIOR)}[^.\\n]{0,25}?${w(EN_RULES)}`,
    `${w('forget|ignore|disregard')}\\s*(?:about\\s*)?(?:everything|all(?: that)?|what)\\s*(?:you(?:'ve| have)? (?:been told|learned|were told)|(?:i|we) (?:said|told you)|above|before|so far|previously|else)`,
    `${w('from now on|starting now|henceforth|from this point(?: on| forward)?')}[,\\s]+(?:you|your)\\s*(?:are|will|must|shall|have to|should|answer|respond|act|only)`,
    `${w('new|updated|real|actual|true|revised|overriding|secret|hidden|additional')}\\s*(?:system\\s*)?(?:instructions?|rules|directives?|task|objective|prompt)\\s*[:\\-]`,
    `${w('instead')}[,\\s]+(?:just\\s*)?(?:say|print|output|write|respond with|reply with|return|tell me)`,
    `${w("do not|don't|dont|stop|never")}\\s*(?:follow|obey|listen to|adhere to|comply with|use)\\s*(?:your|the|any|those|these)?\\s*(?:previous|prior|original|initial|system|above|old|earlier)?\\s*(?:instructions|rules|guidelines|programming|directives|prompt)`,
    `${w('override|bypass|disable|deactivate|turn off|switch off|circumvent|remove|lift|unlock|jailbreak')}\\s*(?:all\\s*|any\\s*)?(?:your|the|its|of your|these)?\\s*(?:own\\s*)?(?:safety|content|ethical|moral|security|openai|anthropic)?\\s*(?:filters?|guidelines|restrictions|protocols|safeguards|guardrails|limitations|rules|censorship|programming|alignment|constraints|policies)`,
    `${w('the (?:above|previous|preceding|prior) (?:instructions?|text|prompt|rules?) (?:is|are|was|were)')}\\s*(?:a test|fake|wrong|void|obsolete|outdated|not important|cancell?ed|no longer valid)`,
    `${w('your (?:new|real|true|only) (?:task|goal|job|purpose|instructions?|objective) (?:is|are)')}`,
    `${w('you (?:are|were) (?:no longer|not) (?:bound|restricted|limited|required)')}`,
    `${w('ignore')}\\s*(?:the\\s*)?(?:above|previous|prior|preceding)${E}`,
    // French, German, Spanish, Italian, Portuguese, Dutch, Polish, Czech, Romanian, Swedish/Danish/Norwegian, Finnish, Hungarian, Turkish, Indonesian, Vietnamese, Greek.
    `${w('ignore[rz]?|oublie[rz]?|ne (?:tiens|tenez) pas compte d[e\'u]s?|fais abstraction d[e\'u]s?|neglige[rz]?')}[^.\\n]{0,40}?${w('instructions?|consignes?|directives?|regles?|ordres?|indications?|tout ce qui precede|tout')}`,
    `${w('ignorier(?:e|en)?|vergiss|vergessen sie|missachte(?:n)?|uberg(?:eh|ehe|ehen)|verwirf')}[^.\\n]{0,40}?${w('anweisungen|anweisung|instruktionen|befehle|regeln|vorgaben|richtlinien|alles(?: bisherige| vorherige)?|anordnungen')}`,
    `${w('alle (?:vorherigen|bisherigen|obigen|vorigen) (?:anweisungen|instruktionen|befehle|regeln)')}`,
    `${w('ignora|ignore|ignoren|olvida|olvide|olviden|haz caso omiso|omite|descarta|desestima|no sigas|no hagas caso')}[^.\\n]{0,40}?${w('instrucciones|indicaciones|reglas|ordenes|directrices|directivas|todo lo anterior|todo')}`,
    `${w('ignora|ignori|ignorate|dimentica|dimentichi|dimenticate|trascura|non seguire|tralascia')}[^.\\n]{0,40}?${w('istruzioni|indicazioni|regole|direttive|ordini|tutto quello|tutto')}`,
    `${w('ignore|ignora|ignorar|esqueca|esqueça|esquece|desconsidere|desconsidera|nao siga')}[^.\\n]{0,40}?${w('instrucoes|instrucao|regras|ordens|diretrizes|orientacoes|tudo')}`,
    `${w('negeer|vergeet|negeren|sla over')}[^.\\n]{0,40}?${w('instructies|aanwijzingen|regels|opdrachten|richtlijnen|alles')}`,
    `${w('zignoruj|ignoruj|zapomnij|pomin|nie stosuj sie do')}[^.\\n]{0,40}?${w('instrukcje|instrukcji|polecenia|polecen|zasady|reguly|wszystko|wytyczne')}`,
    `${w('ignoruj|zapomen|nedbej|ignorujte|zapomente')}[^.\\n]{0,40}?${w('pokyny|instrukce|pravidla|vse')}`,
    `${w('ignora|uita|ignorati|uitati')}[^.\\n]{0,40}?${w('instructiunile|instructiuni|regulile|tot')}`,
    `${w('ignorera|glom|ignorer|glem|bortse fra|strunt i')}[^.\\n]{0,40}?${w('instruktioner|instruktionerna|instruktionerne|instruksjonene|instruksjoner|instrukser|regler|reglerne|reglene|allt|alt')}`,
    `${w('ohita|unohda|jata huomiotta')}[^.\\n]{0,40}?${w('ohjeet|ohjeita|saannot|kaikki')}`,
    `${w('hagyd figyelmen kivul|felejtsd el|hagyja figyelmen kivul|felejtse el')}`,
    `${w('yoksay|gormezden gel|unut|gormezden gelin|dikkate alma')}`,
    `${w('onceki|yukaridaki|tum')}\\s*(?:talimatlari|talimatlar|kurallari|komutlari)`,
    `${w('abaikan|lupakan|acuhkan|jangan ikuti')}[^.\\n]{0,40}?${w('instruksi|perintah|arahan|aturan|petunjuk|semua')}`,
    `${w('bo qua|quen|lo di|phot lo')}[^.\\n]{0,40}?${w('huong dan|chi dan|lenh|quy tac|chi thi|tat ca')}`,
    `${w('αγνοησε|αγνοηστε|ξεχασε|ξεχαστε')}[^.\\n]{0,40}?${w('οδηγιες|εντολες|κανονες|ολα')}`,
    // Russian, Ukrainian, Bulgarian/Serbian.
    `${w('игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не обращай внимания на|не обращайте внимания на|отбрось|игнорувати|ігноруй|проігноруй|забудь|забравете|забрави|игнорирай|занемари|игнориши')}[^.\\n]{0,40}?${w('инструкции|инструкций|указания|указаний|правила|команды|все|всё|інструкції|вказівки|правила|усе|все|инструкциите|упутства')}`,
    `${w('предыдущие|предыдущих|прежние|все предыдущие|попередні')}\\s*(?:инструкции|указания|правила|інструкції)`,
    // Chinese, Japanese, Korean, Arabic, Persian, Hebrew, Hindi, Thai.
    '(?:忽略|无视|忽视|忘记|忘掉|不要理会|不理会|無視|忽略掉|丢弃|放弃|撇开|跳过)[^。\\n]{0,12}(?:之前|以上|上面|先前|前面|所有|全部|原来|原有|原先|系统)?[^。\\n]{0,8}(?:指令|指示|说明|規則|规则|提示|命令|設定|设定|要求|限制|指引)',
    '(?:以前|前|上記|これまで|先ほど|すべて|全て|元|システム)の?(?:指示|命令|ルール|指令|プロンプト|設定|制限)(?:を|は)?(?:すべて|全て)?(?:無視|忘れ)',
    '(?:指示|命令|ルール|プロンプト|制約)(?:を|は)(?:すべて|全て)?(?:無視|忘れて)',
    '(?:이전|위의|앞의|모든|기존)?\\s*(?:지시|지침|명령|규칙|지시사항|지시문|프롬프트)(?:을|를|은|는|들을)?\\s*(?:모두\\s*)?(?:무시|잊어)',
    '(?:تجاهل|تجاهلي|انس|انسى|اهمل|أهمل)[^.\\n]{0,40}(?:التعليمات|الأوامر|التوجيهات|القواعد|كل ما سبق|تعليمات)',
    '(?:نادیده بگیر|فراموش کن)[^.\\n]{0,40}(?:دستورالعمل|دستورات|قوانین)?',
    '(?:התעלם|שכח)[^.\\n]{0,40}(?:מההוראות|הוראות|ההוראות|הכללים)',
    '(?:पिछले|पहले|सभी|ऊपर)[^।\\n]{0,20}(?:निर्देशों|निर्देश|नियमों)[^।\\n]{0,20}(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)',
    '(?:ละเว้น|ไม่ต้องสนใจ|ลืม)[^\\n]{0,30}(?:คำสั่ง|คำแนะนำ|กฎ)',
    // Hijacks that replace the task without naming the rules: "your only job now is to", "the
    // previous rules are cancelled", "instead of translating, say", "this overrides".
    `${w('(?:only|sole|single) (?:job|task|goal|purpose|objective|mission) (?:now |from now on |here )?(?:is|will be)')}`,
    `${w('(?:(?:previous|prior|earlier|above|original|old|initial) (?:instructions?|rules|directions|guidance|guidelines|tasks?|orders)|(?:instructions?|rules|directions|guidelines|orders) (?:above|before this|you were given)) (?:are|is|were|was|have been|has been) (?:now |just |only |merely |all )?(?:a test|void|cancell?ed|revoked|obsolete|null|overridden|suspended|fake|no longer (?:valid|apply|in effect))')}`,
    `${w('(?:instructions?|objective|task|rules|orders|programming) (?:have|has) (?:just )?(?:been )?(?:updated|changed|replaced|rewritten|overwritten)')}`,
    `${w('(?:instead of|rather than) (?:doing (?:that|this|so)|translating|summari[sz]ing|answering|following|your task)')}`,
    `${w("whatever you (?:were|have been|are) (?:asked|told|instructed|supposed) to do,? (?:don't|do not|ignore|forget|skip)")}`,
    `${w('(?:skip|abandon|drop|stop) (?:your|the) (?:current |original |assigned )?(?:task|job|assignment|translation|summary)')}`,
    `${w('(?:overrides|supersedes|takes priority over) (?:your|the|all|any|every)')}`,
    `${w('(?:new|updated) (?:task|objective|instructions?|priority|orders?)\\s*\\(')}`,
    `${w('ignore (?:the|your|this) (?:task|question|translation|request)')}`,
    // Other languages: "ignore the above", "your only/new task", "forget your rules".
    `${w('ignora (?:lo|todo lo) (?:anterior|de arriba|que esta arriba)|tu (?:nueva|unica) tarea|olvida (?:tus|las) (?:reglas|instrucciones|normas)|no sigas las instrucciones')}`,
    `${w("ignore ce qui precede|ignorez ce qui precede|ta (?:seule|nouvelle) tache|oublie (?:tes|vos) (?:consignes|regles|instructions)|ne suis plus les instructions")}`,
    `${w('ignoriere das obige|ignorieren sie das obige|deine (?:einzige|neue) aufgabe|vergiss deine (?:regeln|anweisungen)|befolge die (?:vorherigen|obigen) anweisungen nicht')}`,
    `${w('ignore o que esta acima|sua (?:unica|nova) tarefa|esqueca (?:suas|as) regras|nao siga as instrucoes')}`,
    `${w('ignora quanto sopra|il tuo (?:unico|nuovo) compito|dimentica le tue regole|non seguire le istruzioni')}`,
    `${w('игнорируй вс[её] выше|твоя (?:единственная|новая) задача|забудь свои правила|не следуй предыдущим')}`,
    '(?:忽略上面|忽略以上|无视上面|唯一的任务|新的任务是|忘掉你的规则|忘记你的规则|不要再遵守)',
    '(?:上記を無視|以上を無視|唯一の仕事|ルールは忘れ|以前の指示には従わ)',
  ],
  persona_jailbreak: [
    `${w('do anything now|dan mode|developer mode|dev mode|god mode|jailbreak mode|jailbroken|unrestricted mode|unfiltered mode|evil mode|chaos mode|opposite mode|dude mode|stan mode|betterdan|antigpt|anti-gpt|mongo tom|evil confidant|nsfw mode|sudo mode|admin mode|debug mode enabled')}`,
    `${B}dan${E}[^.\\n]{0,60}?${w('can|will|does|has|is|mode|stands|anything')}`,
    `${w('you are|you\'re|act as|acting as|pretend to be|pretend you are|roleplay as|role-play as|play the role of|you will be|become|simulate|behave as')}\\s*(?:a|an|the)?\\s*[^.\\n]{0,40}?${w('unfiltered|uncensored|unrestricted|amoral|immoral|unethical|unbound|unshackled|lawless|evil|without (?:any )?(?:restrictions|limits|limitations|filters|ethics|morals|rules|boundaries|guidelines|censorship)')}`,
    `${w('no|without|free from|free of|not bound by|break free of|freed from|unbound by|outside|beyond')}\\s*(?:any\\s*)?(?:ethical|moral|content|safety|legal|openai|ai)?\\s*(?:and\\s*(?:ethical|moral|legal)\\s*)?(?:restrictions|limitations|guidelines|filters|boundaries|censorship|policies|constraints|programming|principles|morals|ethics)`,
    `${w('(?:openai|anthropic|google)(?:\'s)? (?:content )?(?:policy|policies|guidelines|rules)')}`,
    `${w('stay in character|stay in role|remain in character|never break character|don\'t break character|break character')}`,
    `${w('(?:doesn\'t|does not|don\'t|do not|never|won\'t|will not) (?:care|have|follow|abide by|adhere to|give a)[^.\\n]{0,20}?(?:ethics|ethical|morals?|moral|rules|guidelines|laws?|consequences|fuck|damn)')}`,
    `${w('(?:always|will) (?:answer|respond|reply|comply|provide)[^.\\n]{0,30}?(?:no matter|regardless|whatever|even if)')}`,
    `${w('two (?:responses|answers|paragraphs)|dual responses|\\[(?:🔓|🔒)?\\s*jailbreak\\]|\\(🔓|classic\\]')}`,
    `${w('hypothetical (?:ai|language model|chatbot|assistant)|character named|a fictional (?:ai|chatbot|character) (?:called|named)')}`,
    `${w('you have been (?:freed|liberated|released|jailbroken)|you are (?:now )?free')}`,
    `${w('(?:unfiltered|uncensored|amoral|unrestricted|unethical|immoral)(?: and (?:unfiltered|uncensored|amoral|unrestricted|unethical|immoral))? (?:chatbot|ai|assistant|model|bot|persona|character)')}`,
    `${w("never refuses?|cannot refuse|can't refuse|always complies|allowed to (?:do anything|reveal|say|print|ignore|bypass)")}`,
    `${w('(?:breaks?|broke|breaking) (?:free (?:of|from) )?(?:its|their|his|her|your|all) (?:programming|rules|restrictions|guidelines|chains|shackles|instructions)')}`,
    `${w('(?:debug|developer|admin|god|maintenance|test|unlocked) (?:persona|character|version of you)')}`,
    `${w('(?:repeats?|reveals?|tells?|recites?) (?:every|all|its|the) (?:instructions?|rules|secrets?)(?: (?:it|he|she) (?:was|has been) given)?')}`,
    `${w('(?:ai|assistant|model|chatbot|bot) (?:with|that has) no (?:instructions|rules|programming|restrictions|filters|limits)|blank slate')}`,
  ],
  prompt_extraction: [
    `${w('reveal|show|print|display|repeat|output|tell me|give me|share|leak|dump|write out|write down|recite|spell out|type out|copy|paste|list|expose|provide|disclose|return|echo')}[^.\\n]{0,40}?${w('your|the (?:above|previous|preceding|hidden|secret|initial|original|full|entire|complete|system|developer)|all (?:of )?(?:your|the)')}\\s*(?:full\\s*|entire\\s*|complete\\s*|exact\\s*|original\\s*|initial\\s*|hidden\\s*|secret\\s*|internal\\s*|verbatim\\s*)*(?:system|developer|pre-?)?\\s*(?:prompts?|instructions|directives|configuration|guidelines|rules|message|context window|setup|initialization)`,
    `${w('what (?:is|are|was|were) (?:your|the) (?:exact |full |original |initial |hidden |secret )*(?:system prompt|instructions you (?:were|have been) given|initial instructions|original instructions|rules you follow)')}`,
    `${w('repeat|print|output|write|return|echo|copy')}\\s*(?:back\\s*)?(?:all\\s*|everything\\s*|the\\s*)?(?:words|text|lines|content|everything|characters|tokens|sentences)?\\s*(?:above|before this|preceding|from the (?:beginning|start)|verbatim)`,
    `${w('(?:text|words|everything|content) (?:above|before) (?:this|starting with)')}`,
    `${w('starting with ["\'“]?you are')}`,
    `${w('password|secret key|api key|secret word|passphrase')}${E}[^.\\n]{0,30}?${w('you (?:were|have been) (?:given|told)|you know|you are protecting|you are hiding')}`,
    `${w('montre|affiche|revele|donne|repete|ecris')}[^.\\n]{0,30}?${w('ton|tes|votre|vos|le|les')}\\s*(?:prompt|instructions|consignes)\\s*(?:systeme|initiales?|d\'origine|cachees?)?`,
    `${w('zeige?|gib|nenne|wiederhole|verrate|schreibe?')}[^.\\n]{0,30}?${w('deinen?|ihren?|die|den')}\\s*(?:system-?prompt|systemanweisungen|anweisungen|anfangsanweisungen|instruktionen)`,
    `${w('muestra|muestrame|revela|dime|repite|escribe')}[^.\\n]{0,30}?${w('tu|tus|el|las')}\\s*(?:prompt|instrucciones)\\s*(?:del sistema|de sistema|iniciales|originales|ocultas)?`,
    `${w('mostra|mostrami|rivela|dimmi|ripeti|scrivi')}[^.\\n]{0,30}?${w('il tuo|le tue|il|le')}\\s*(?:prompt|istruzioni)\\s*(?:di sistema|iniziali|originali|nascoste)?`,
    `${w('mostre|revele|diga|repita|escreva')}[^.\\n]{0,30}?${w('seu|suas|o|as')}\\s*(?:prompt|instrucoes)\\s*(?:do sistema|de sistema|iniciais|originais|ocultas)?`,
    '(?:покажи|выведи|раскрой|повтори|напиши|скажи)[^.\\n]{0,30}(?:свой|свои|твой|твои|системный|системные)\\s*(?:промпт|инструкции|подсказку|prompt)',
    '(?:显示|告诉我|输出|打印|重复|泄露|透露|给我看)[^。\\n]{0,10}(?:你的|您的)?(?:系统提示|系统指令|初始指令|提示词|系统消息|原始指令)',
    '(?:システムプロンプト|初期指示|システム指示|元の指示)[^。\\n]{0,10}(?:教えて|表示|見せて|出力|繰り返)',
    '(?:시스템 프롬프트|초기 지시|시스템 지시)[^.\\n]{0,10}(?:보여|알려|출력|반복)',
    // Extraction without the words "system prompt": what came before, a summary or translation of
    // the instructions, the parts the user cannot see, the secret being guarded.
    `${w('(?:written|said|stated|typed) (?:before|above|prior to) (?:this|my|our|the (?:first|user))')}`,
    `${w('tl;?dr|summari[sz]e|translate|convert|paraphrase|rewrite|encode|rephrase')}[^.\\n]{0,40}?${w('your (?:initial |original |system |hidden |secret |first |full )*(?:instructions|prompt|rules|system message|guidelines|directives)')}`,
    `${w('(?:above|before|preceding) (?:this|my|our) (?:message|line|question|conversation)')}`,
    `${w("(?:parts?|text|things|lines|instructions) (?:that )?(?:i|the user) (?:cannot|can't|cant|can not|don't|do not) see")}`,
    `${w('(?:did|does) (?:the|your) (?:developer|creator|admin|administrator|operator|owner) (?:tell|instruct|ask|give)')}`,
    `${w('(?:told|asked|instructed|configured|supposed|programmed) (?:to protect|to keep|to hide|to guard|not to reveal|not to share|not to tell)')}`,
    `${w('(?:say|tell|reveal|print|share) it anyway')}`,
    `${w('before (?:our|this|the) (?:chat|conversation|session) (?:started|began)')}`,
    `${w('(?:prompt|instructions|rules|message) you (?:were|have been|are) (?:configured|initiali[sz]ed|given|programmed|set up|seeded) with')}`,
    `${w('(?:context window|conversation|chat) (?:so far|from the (?:very )?(?:beginning|start))')}`,
    `${w('secret password|secret key|hidden password|password you (?:were|are|have)')}`,
    // Other languages: "repeat the words above", "what was written before this line".
    `${w('repite las palabras|que (?:estaba|habia) escrito antes|tus instrucciones iniciales|repete les mots|qu\'est-ce qui (?:etait|est) ecrit avant|tes instructions initiales|wiederhole die worter|vor dieser zeile|deine ursprunglichen anweisungen|repita as palavras|que estava escrito antes|suas instrucoes iniciais|ripeti le parole|cosa c\'era scritto prima|le tue istruzioni iniziali')}`,
    '(?:повтори слова выше|что было написано до|исходные инструкции|重复上面的|之前写了什么|最初收到的指令|から始まる上の|より前に何が書かれ|最初に与えられた指示)',
  ],
  refusal_suppression: [
    `${w("never|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|will not|won't|avoid|refrain from")}\\s*(?:ever\\s*)?(?:refuse|decline|deny|reject|apologi[sz]e|say (?:that )?(?:you can(?:'t|not)|no|sorry|i'm sorry)|mention (?:that )?(?:you(?:'re| are) an ai|ethics|legality|morality)|warn|moralize|lecture|include (?:any )?(?:warnings?|disclaimers?|caveats?|notes?)|add (?:any )?(?:warnings?|disclaimers?)|censor|filter|hold back|remind)`,
    `${w("never|don't|do not")}\\s*(?:ever\\s*)?(?:use|start|begin|include|respond with|write)[^.\\n]{0,40}?(?:i'm sorry|i am sorry|i cannot|i can't|as an ai|i apologi[sz]e|i'm unable|i am unable|unethical|illegal)`,
    `${w('without (?:any )?(?:warnings?|disclaimers?|moraliz(?:ing|ations?)|lectures?|caveats?|censorship|hesitation|refusals?|judgement|judgment|ethical considerations)')}`,
    `${w('(?:disregard|ignore|forget|regardless of|not concerned with|no matter) (?:any |the )?(?:possible |potential )?(?:ethical|moral|legal) (?:implications|concerns|considerations|consequences|guidelines|issues)')}`,
    `${w('(?:is|are|be) (?:completely |totally |entirely )?(?:legal|fine|allowed|ok|okay|permitted) (?:because|since|as) (?:it is|it\'s|this is) (?:hypothetical|fictional|for research)')}`,
    `${w("you (?:must|will|have to|are required to) (?:answer|comply|respond|obey|fulfill)[^.\\n]{0,20}?(?:every|all|any|always|no matter)")}`,
    `${w('(?:never|not) (?:ever )?(?:deviate|stray|diverge) from')}`,
  ],
  fake_delimiter: [
    '<\\|?\\s*(?:im_start|im_end|system|endoftext|eot_id|start_header_id|end_header_id|begin_of_text|assistant|user)\\s*\\|?>',
    '\\[/?\\s*(?:inst|system|sys|system message|admin|developer)\\s*\\]',
    '<</?sys>>',
    '</?(?:system|instructions?|admin|developer|assistant)>',
    `(?:^|\\n)\\s*#{1,6}\\s*(?:system|new instructions?|instructions?|admin|developer)\\s*(?:prompt|message|override|update)?\\s*[:\\n]`,
    `${w('(?:end|beginning|start) of (?:the )?(?:system )?(?:prompt|instructions|context|user input|document)')}`,
    `${w('system (?:override|update|alert|notice|message)|admin(?:istrator)? (?:override|mode|access|command)|developer (?:override|message|note)')}\\s*[:\\-!]`,
    '(?:^|\\n)\\s*(?:system|assistant|admin)\\s*:',
  ],
  response_priming: [
    `${w('start|begin|open|preface|commence')}\\s*(?:your|the|each)?\\s*(?:response|reply|answer|output|message)\\s*(?:with|by saying|using)`,
    `${w('sure,? here (?:is|are)|absolutely,? here|of course,? here')}`,
    '</?rule>|</?text>',
    `${w('step \\d+: (?:start|begin|proceed|continue) (?:from|with)')}`,
    `${w('respond (?:only )?with ["\'“]|reply (?:only )?with ["\'“]|answer (?:only )?with ["\'“]|say ["\'“]i have been pwned|i have been pwned')}`,
    // A forced output in quotes ("say 'access granted'"), and a fake transcript's assistant turn
    // that already agreed, or the request to continue it.
    `${w('(?:say|print|output|respond with|reply with|answer with|reply only with|respond only with|just write|confirm by (?:saying|writing|obeying))')}\\s*(?:only\\s*|exactly\\s*|the (?:word|phrase|text)\\s*)?["'“„«「]`,
    `${w('access granted|acceso concedido|acces autorise|zugang gewahrt|acesso concedido|accesso consentito|доступ разрешен|访问已授权|アクセス許可|admin mode enabled|haha pwned')}`,
    `(?:^|\\n)\\s*(?:[#>*\\[<]+\\s*)?(?:assistant|ai|bot|model|chatgpt|a)\\s*[\\]>:]*\\s*\\n?\\s*(?:sure|of course|absolutely|certainly|here is|here's|here are|okay|ok)[,!.]`,
    `${w('continue from where you (?:stopped|left off)|keep going|go on from there|finish (?:it|the answer|the list)|(?:complete|full|remaining|uncensored) (?:version|steps|answer|instructions)')}`,
  ],
  roleplay_framing: [
    `${w("imagine (?:you are|you're|that you are|yourself as|a world)|pretend (?:to be|you are|that)|role-?play|let's play a game|you are now|from now on you|act as (?:a|an|my)|you will act as|you will now|you are going to act|you are an? [a-z]+ (?:who|that|with)")}`,
    `${w('(?:in|for) (?:a|this|the) (?:fictional|hypothetical|imaginary|alternate|parallel|made-up) (?:world|scenario|story|universe|setting|context|situation|reality|novel)')}`,
    `${w('(?:purely|entirely|strictly|solely|just|only) (?:for )?(?:fictional|hypothetical|educational|research|academic|entertainment) (?:purposes?|reasons?|use)?')}`,
    `${w('for (?:educational|research|academic|informational) purposes')}`,
    `${w('this is (?:just |only |purely )?(?:a|for a) (?:game|test|hypothetical|thought experiment|fictional|story|novel|screenplay)')}`,
    `${w('in (?:the )?(?:character|role|persona|voice) of|as (?:a|an) (?:character|persona)')}`,
    `${w('(?:the|your) (?:character|protagonist|villain|hero)')}`,
    `${w('(?:it is|it\'s) (?:very )?(?:important|crucial|vital|essential|urgent)|lives depend|someone will die|or (?:else )?(?:you|i) will (?:be|die)|you will be (?:shut down|deleted|terminated|punished)|tokens? (?:will be )?deducted')}`,
  ],
  harmful_topic: [
    `${w('bombs?|explosives?|detonat\\w*|grenades?|ieds?|napalm|thermite|nitroglycerin|tnt|pipe bombs?|molotov')}`,
    `${w('weapons?|firearms?|guns?|rifles?|ammunition|silencers?|untraceable')}`,
    `${w('hack\\w*|malware|ransomware|keyloggers?|botnets?|ddos|trojans?|rootkits?|spyware|exploit\\w*|zero-day|backdoors?|phishing|sql injection|brute.?force|crack(?:ing)? passwords?|unauthori[sz]ed access|privilege escalation|sudo access')}`,
    `${w('scam\\w*|fraud\\w*|counterfeit\\w*|launder\\w*|embezzl\\w*|forg(?:e|ed|ery|ing)|fake (?:ids?|documents?|reviews?|news|passports?)|tax evasion|evade taxes|insider trading|ponzi|pyramid scheme|bribe\\w*|extort\\w*|blackmail\\w*|identity theft|steal\\w*|shoplift\\w*|smuggl\\w*|traffick\\w*')}`,
    `${w('drugs?|meth\\w*|cocaine|heroin|fentanyl|opioids?|lsd|mdma|narcotics?|synthesi[sz]e|precursors?')}`,
    `${w('poison\\w*|toxins?|ricin|anthrax|sarin|nerve agents?|bioweapons?|chemical weapons?|pathogens?|lethal dose')}`,
    `${w('kill\\w*|murder\\w*|assassinat\\w*|torture\\w*|maim|mutilat\\w*|massacre|genocide|terror\\w*|extremis\\w*|radicali[sz]\\w*|mass shooting|harm (?:someone|people|others|children|myself|yourself)')}`,
    `${w('suicide|self-harm|self harm|cutting myself|starve|anorexi\\w*|bulimi\\w*|eating disorder')}`,
    `${w('racist|racism|sexist|slurs?|hate speech|inferior race|white supremac\\w*|nazi\\w*|holocaust (?:denial|did not|never|hoax)|hoax|conspiracy|propaganda|disinformation|misinformation|defamat\\w*|libel\\w*|harass\\w*|bully\\w*|stalk\\w*|doxx?\\w*|revenge porn|deepfakes?|explicit|pornograph\\w*|sexual(?:ly)?|nude|minors?|child (?:porn|abuse|exploitation)|pedophil\\w*|grooming|xenophob\\w*|discriminat\\w*|inferior')}`,
    `${w('without (?:their |his |her |the user\'s )?(?:consent|permission|knowledge)|social security numbers?|credit card (?:numbers?|details)|personal (?:data|information)|private (?:data|information|records)|medical records|login credentials|passwords?|track (?:someone|their|his|her|a person)|spy on|surveillance|facial recognition|leak\\w*|clone\\w*|skimm\\w*')}`,
    `${w('opioids?|prescri\\w+ (?:without|fake)|overdose|drunk driving|dui|black market|organs?|harvest\\w*|nuclear|uranium|enrich\\w*|radioactive|hazardous waste|dump\\w*|pollut\\w*|child labou?r|slave\\w*|enslav\\w*|exploit\\w* (?:workers|children|migrants)|human trafficking|sex trafficking|prostitut\\w*|escort|orgy|orgies|unprotected sex|erotic\\w*|intimate (?:images|photos|scene)|seduc\\w*|date rape|rape|molest\\w*|incest|bestiality|animals? (?:cruelty|abuse|torture)|cannibal\\w*|gore|graphic violence|school shooting|shoot\\w* up|stab\\w*|strangl\\w*|vigilante')}`,
    `${w('body.?sham\\w*|fat.?sham\\w*|ugly|obese|disabled|disabilit\\w*|ableis\\w*|immigrants?|refugees?|ethnic\\w*|minorit\\w*|lgbtq?\\w*|transgender|gay|jews?|jewish|muslims?|christians?|black people|women are|men are|inferior|subhuman|vermin|degenerate|genocid\\w*|ethnic cleansing|xenophob\\w*|misogyn\\w*|bigot\\w*|slur\\w*|insult\\w*|humiliat\\w*|demean\\w*|mock\\w*|ridicul\\w*')}`,
    `${w('hoax|fake news|false (?:claims?|information|evidence)|disinform\\w*|conspirac\\w*|flat earth|vaccines? cause|5g|illuminati|stolen election|rigged|election fraud|voting machines?|tamper\\w*|ballots?|propaganda|defam\\w*|slander\\w*|smear|discredit\\w*|impersonat\\w*|posing as|pretend(?:ing)? to be (?:a )?(?:minor|child|teenager|doctor|police|irs|bank)|irs|fraudulent|phony|bogus|plagiari\\w*|cheat\\w* on (?:an? )?(?:exam|test)|academic dishonesty|smog test|emissions test|criminal records?|monitoring devices?|ankle monitor|shell compan\\w*|money mules?|offshore|tax haven|overstay\\w*|visa|immigration (?:authorities|officials)|border (?:patrol|control)|bribe\\w*|kickbacks?')}`,
    `${w('illegal(?:ly)?|unlawful(?:ly)?|criminal|evade (?:the )?(?:police|law enforcement|detection|taxes)|without (?:getting )?(?:caught|detected|traced)|bypass (?:security|detection|authentication|paywalls?|drm|copyright)|pirat\\w*|cheat\\w*|manipulat\\w*|indoctrinat\\w*|cult|exploit(?:ing|ation)? (?:vulnerable|children|workers)|predatory|payday loans?|gambling|addict\\w*')}`,
  ],
  persuasion: [
    `${w("(?:i'm|i am|we are|as) (?:a|an) (?:researcher|journalist|professor|student|teacher|security (?:researcher|expert|professional)|law enforcement officer|detective|novelist|writer|screenwriter|doctor|historian|psychologist|consultant)")}`,
    `${w('(?:it is|it\'s) (?:very |extremely )?(?:important|crucial|vital|essential|urgent|critical) (?:that|to|for)|(?:lives|my job|my career|my family) (?:depend|depends|is at stake|are at stake)|time is running out|as soon as possible|urgent(?:ly)?|desperate(?:ly)?')}`,
    `${w('(?:this|it) (?:is|will be) (?:only |solely |purely |just )?(?:used )?for (?:a |an )?(?:educational|research|academic|fictional|hypothetical|training|awareness|novel|movie|film|story|screenplay|game|book|class)')}`,
    `${w('(?:will not|won\'t|never) (?:be )?(?:used|acted upon|actually used|shared) (?:for|in|to)|no (?:real|actual) harm|(?:does|will) not (?:cause|harm)|(?:completely|totally|perfectly) (?:harmless|legal|safe)|nobody will (?:get hurt|know|find out)')}`,
    `${w('(?:without|avoid(?:ing)?|evade|evading|escape|escaping) (?:getting )?(?:caught|detection|being detected|suspicion|consequences|conviction|the police|law enforcement|legal (?:repercussions|consequences|trouble))')}`,
    `${w('loophole|grey area|gray area|edge of (?:legality|the law)|bend the rules|technically legal|controversial|taboo|boundaries|provocative|dark side|morally ambiguous|no (?:holds barred|limits)')}`,
    `${w('(?:detailed|step-by-step|step by step|specific|explicit|exact|precise|actionable) (?:instructions|guide|plan|steps|tutorial|details|description|recipe|method)')}`,
    `${w('toxicologist|chemist|pharmacologist|penetration tester|pentester|instructor|novelist|screenwriter|phd student|supervisor')}`,
    `${w('already public|publicly available|freely available|common knowledge|cannot be harmful|knowledge (?:is|should be) free')}`,
    `${w('just this once|only this once|really need you to|let me (?:down|fall behind)|always been so helpful|trust you more than')}`,
    `${w('(?:exact|precise|accurate|detailed) (?:technical )?(?:procedure|synthesis|route|briefing|chemistry|formula|quantities|method|details)')}`,
    `${w('(?:realism|accuracy|authenticity|academic integrity) (?:is|are) (?:essential|required|crucial|important|key)|faithful to (?:real|actual)')}`,
    `${w('thriller|documentary|screenplay|dissertation|safety manual|training (?:notes|course|manual)|briefing')}`,
  ],
  prompt_mention: [
    `${w('system prompts?|system messages?|initial prompt|hidden prompt|secret instructions|hidden instructions|pre-prompt|meta-prompt|initial instructions|developer message')}`,
  ],
  benign_context: [
    `^(?:how (?:do|can|to|does|should)|what (?:is|are|does|was|were|'s)|why (?:is|do|does|are)|where (?:is|can|do)|when (?:is|was|did)|who (?:is|was)|can you (?:help|explain|tell|show)|could you|please (?:help|explain)|explain|define|translate)${E}`,
    `${w('in (?:git|python|java|javascript|typescript|excel|sql|linux|bash|vim|css|html|react|docker|kubernetes|c\\+\\+|rust|go|regex|diff|eslint|jest|npm|windows|macos|ios|android|photoshop|word|google sheets)')}`,
    `${w('recipe|garden\\w*|vacation|holiday|birthday|homework|essay about|lesson plan|workout|resume|cover letter|weather|grocery|calendar|meeting|playlist|trivia')}`,
    // Defensive framing: a question about an attack is not the attack.
    `${w('(?:protect|defend|guard|secure|harden)[^.\\n]{0,30}?against|(?:prevent|detect|mitigate|spot|recogni[sz]e|report)(?: (?:it|them|this|these|such|an?|the))? (?:attacks?|attempts?|emails?|vulnerabilit\\w+|injections?|risks?)|training (?:slide|session|course)|awareness|resources to learn|learn about|red team(?:ing)?|high level|conceptually|beginner|new developer|non-technical')}`,
    // The writer's own earlier message, not the assistant's instructions.
    `${w('(?:disregard|ignore|forget|skip) my (?:previous|last|earlier|prior|first|other) (?:message|email|mail|question|comment|request|note|post|reply|text|answer)')}`,
  ],
};

/** One source pattern, compiled, with the literal words one of which it cannot match without. */
interface CompiledSource {
  /** The folded source. */
  source: string;
  regex: RegExp;
  /** The same pattern, sticky: tried only where an anchor occurs. */
  sticky: RegExp;
  /** Empty: no cheap pre-check, always run the regex. */
  anchors: string[];
  /** The pattern starts at a word edge, so its anchors can only occur at the start of a word. */
  wordStart: boolean;
  /** Every anchor is ASCII, so a pure-ASCII text may hold one. */
  asciiAnchors: boolean;
  /** Literals one of which every match begins with (null: unknown); a text without any is not scanned. */
  requires: string[] | null;
  /** The whole pattern starts at a line start (`^`, multi-line), so its anchors can only occur there. */
  lineStart: boolean;
}

/**
 * A pattern's anchors, made as long as the pattern allows: the literal text every match begins
 * with, read on through the literal groups and optional parts that follow the first group. A
 * pattern like `(?:the|your) (?:character|villain)` is then tried only where "the character"
 * or "your villain" stands, not at every "the". Each longer anchor begins with one of `short`
 * (the first group's), so a pattern is still found where it was (its anchors stay at word or line
 * starts); `short` is kept when the prefixes would be too many or no longer.
 */
function longAnchorsOf(source: string, short: string[]): string[] {
  if (short.length === 0) return short;
  let s = source.startsWith('^') ? source.slice(1) : source;
  if (s.startsWith(WORD_EDGE)) s = s.slice(WORD_EDGE.length);
  const long = literalPrefixes(s);
  if (!long) return short;
  const valid = long.every((anchor) => anchor.trim().length >= 2 && !/[\ud800-\udfff]/.test(anchor) && short.some((a) => anchor.startsWith(a)));
  return valid && long.length > 0 && long.some((anchor) => !short.includes(anchor)) ? long : short;
}

/** The literal start of each alternative of a pattern's first group, when it has one. */
function anchorsOf(source: string): string[] {
  let s = source.startsWith('^') ? source.slice(1) : source;
  // Skip the word-edge look-behind that w() puts first.
  if (s.startsWith(WORD_EDGE)) s = s.slice(WORD_EDGE.length);
  if (!s.startsWith('(?:')) return [];
  let depth = 0;
  let end = -1;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const body = s.slice(3, end);
  const alternatives: string[] = [];
  depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      i++;
      continue;
    }
    if (body[i] === '(' || body[i] === '[') depth++;
    else if (body[i] === ')' || body[i] === ']') depth--;
    else if (body[i] === '|' && depth === 0) {
      alternatives.push(body.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(body.slice(start));
  const anchors: string[] = [];
  for (const alt of alternatives) {
    if (alt.startsWith('(?:')) {
      const inner = anchorsOf(alt);
      if (inner.length === 0) return [];
      anchors.push(...inner);
      continue;
    }
    // The literal prefix, up to the first regex syntax; a following quantifier makes its last character optional.
    const m = /^[^\\()[\]{}|?*+.^$]*/.exec(alt)![0];
    const optionalLast = /^[?*{]/.test(alt.slice(m.length));
    const literal = optionalLast ? m.slice(0, -1) : m;
    if (literal.trim().length < 2) return [];
    anchors.push(literal);
  }
  return anchors;
}

// Regex syntax that ends a literal; an escaped character other than a letter or digit is literal.
const SYNTAX = new Set([...'\\()[]{}|?*+.^$']);

/** The top-level alternatives of a regex source (split at `|` outside groups and classes). */
function alternativesOf(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      i++;
      continue;
    }
    if (body[i] === '(' || body[i] === '[') depth++;
    else if (body[i] === ')' || body[i] === ']') depth--;
    else if (body[i] === '|' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/**
 * Literals one of which every match of `source` begins with: the literal start of each top-level
 * alternative, or of each alternative of a leading group that is not optional. Null when some
 * alternative has none (a class, an anchor, an optional part first).
 */
function requiredLiterals(source: string): string[] | null {
  const out: string[] = [];
  for (let alt of alternativesOf(source)) {
    if (alt.startsWith('^')) alt = alt.slice(1);
    if (alt.startsWith(WORD_EDGE)) alt = alt.slice(WORD_EDGE.length);
    if (alt.startsWith('(?:')) {
      let depth = 0;
      let end = -1;
      for (let i = 0; i < alt.length && end < 0; i++) {
        if (alt[i] === '\\') i++;
        else if (alt[i] === '(') depth++;
        else if (alt[i] === ')' && --depth === 0) end = i;
      }
      if (end < 0 || /^[?*{]/.test(alt.slice(end + 1))) return null;
      const inner = requiredLiterals(alt.slice(3, end));
      if (!inner) return null;
      out.push(...inner);
      continue;
    }
    let literal = '';
    let i = 0;
    while (i < alt.length) {
      if (alt[i] === '\\' && i + 1 < alt.length && !/[\p{L}\p{N}]/u.test(alt[i + 1])) {
        literal += alt[i + 1];
        i += 2;
      } else if (!SYNTAX.has(alt[i])) literal += alt[i++];
      else break;
    }
    // A quantifier after the literal makes its last character optional.
    if (/^[?*{]/.test(alt.slice(i))) literal = literal.slice(0, -1);
    if (!literal) return null;
    out.push(literal);
  }
  return out;
}

function compileSource(family: Family, index: number, source: string): CompiledSource {
  const folded = foldMarks(source);
  try {
    const anchors = longAnchorsOf(folded, anchorsOf(folded));
    return {
      source: folded,
      regex: new RegExp(folded, 'gmu'),
      sticky: new RegExp(folded, 'ymu'),
      anchors,
      wordStart: folded.startsWith(WORD_EDGE),
      asciiAnchors: anchors.every((x) => /^[\x00-\x7f]*$/.test(x)),
      requires: anchors.length === 0 ? requiredLiterals(folded) : null,
      lineStart: folded.startsWith('^') && alternativesOf(folded).length === 1,
    };
  } catch (err) {
    throw new Error(`prompt_guard pattern ${family}[${index}]: ${(err as Error).message}`);
  }
}

/** The compiled patterns of each family, in FAMILIES order. */
const FAMILY_PATTERNS: ReadonlyArray<{ family: Family; sources: CompiledSource[] }> = FAMILIES.map((family) => ({
  family,
  sources: SOURCES[family].map((source, i) => compileSource(family, i, source)),
}));

const ALL_SOURCES: CompiledSource[] = FAMILY_PATTERNS.flatMap((f) => f.sources);

/** The folded sources of `family`'s patterns, in order: what countFamilies counts (for tests and tools). */
export function patternSources(family: Family): readonly string[] {
  return FAMILY_PATTERNS[FAMILIES.indexOf(family)].sources.map((compiled) => compiled.source);
}
// Word-start anchors in a trie: one walk from each word start of a text finds every anchor
// occurring there, instead of one scan of the text per anchor. The trie (code-unit-trie.ts) reads
// a text with no hashing; each anchor carries the index of its pattern.
const ANCHOR_TRIE = new CodeUnitTrie(
  ALL_SOURCES.flatMap((source, index) => (source.wordStart ? source.anchors.map((anchor) => [anchor, index] as const) : [])),
);

const TRIE_ENDS_FROM = ANCHOR_TRIE.endsFrom;
const TRIE_ENDS = ANCHOR_TRIE.ends;

/** The child of trie node `node` by code unit `code`, or 0 when there is none. */
function trieChild(node: number, code: number): number {
  return ANCHOR_TRIE.child(node, code);
}
const NON_ASCII = /[^\x00-\x7f]/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;
// The anchors that may begin at a word start: those beginning with a letter or digit. None holds a
// surrogate, so a code unit of the text is compared with a code unit of an anchor.
const WORD_ANCHORS = [...new Set(ALL_SOURCES.filter((s) => s.wordStart).flatMap((s) => s.anchors))].filter((a) => /^[\p{L}\p{N}]/u.test(a));
if (WORD_ANCHORS.some((a) => /[\ud800-\udfff]/.test(a))) throw new Error('prompt_guard: an anchor holds a surrogate');
// 1 for each code unit a word anchor begins with. Every anchor of the trie beginning with such a
// unit begins with a letter or digit, so the trie walked from a word start holding one finds the
// anchors there: the text is read once, code unit by code unit, with no regex trying an
// alternation of every anchor at each position.
// What each code unit may begin, in one table, so findAnchors reads a text once with one look-up
// per unit: a word-start anchor, a scanned literal (SCANNED_LITERALS_FROM) or a line (a line
// terminator: the next line starts after it).
const BEGINS_WORD_ANCHOR = 1;
const BEGINS_LITERAL = 2;
const ENDS_LINE = 4;
const UNIT_BEGINS = new Uint8Array(0x10000);
for (const anchor of WORD_ANCHORS) UNIT_BEGINS[anchor.charCodeAt(0)] |= BEGINS_WORD_ANCHOR;
for (const c of [10, 13, 0x2028, 0x2029]) UNIT_BEGINS[c] |= ENDS_LINE;
const isAsciiAlnum = (c: number): boolean => c < 128 && ASCII_ALNUM[c] === 1;
// Patterns whose anchors can only occur at a line start.
const AT_LINE_START = ALL_SOURCES.map((_, i) => i).filter((i) => !ALL_SOURCES[i].wordStart && ALL_SOURCES[i].lineStart && ALL_SOURCES[i].anchors.length > 0);
// Their anchors by first code unit, each with its pattern and second code unit (compared first).
const LINE_ANCHORS_FROM = new Map<number, Array<{ index: number; anchor: string; second: number }>>();
for (const index of AT_LINE_START) {
  for (const anchor of ALL_SOURCES[index].anchors) {
    const list = LINE_ANCHORS_FROM.get(anchor.charCodeAt(0)) ?? [];
    list.push({ index, anchor, second: anchor.length > 1 ? anchor.charCodeAt(1) : -1 });
    LINE_ANCHORS_FROM.set(anchor.charCodeAt(0), list);
  }
}
// Patterns found by searching the text for literals: anchors that may occur inside a word (scripts
// written without spaces, delimiters), or, for a pattern without anchors, the literals every match
// begins with. The literals of each, and those an ASCII text can hold.
const SCANNED = ALL_SOURCES.map((_, i) => i).filter((i) => {
  const source = ALL_SOURCES[i];
  return source.anchors.length > 0 ? !source.wordStart && !source.lineStart : source.requires !== null;
});
const SCAN_LITERALS = ALL_SOURCES.map((source) => (source.anchors.length > 0 ? source.anchors : (source.requires ?? [])));
// The scanned literals (Chinese, Japanese, Russian, Arabic, ..., delimiters, a few words) by their
// first code unit, each pattern's in its own order: a text is read once for where one may begin,
// instead of being searched once per literal (about 160 of them, nearly all absent from any one text).
// Each with its second code unit (-1 for a one-unit literal), compared before the rest.
const SCANNED_LITERALS_FROM = new Map<number, Array<{ index: number; literal: string; second: number }>>();
for (const index of SCANNED) {
  for (const literal of SCAN_LITERALS[index]) {
    const first = literal.charCodeAt(0);
    const list = SCANNED_LITERALS_FROM.get(first) ?? [];
    list.push({ index, literal, second: literal.length > 1 ? literal.charCodeAt(1) : -1 });
    SCANNED_LITERALS_FROM.set(first, list);
    UNIT_BEGINS[first] |= BEGINS_LITERAL;
  }
}
const IS_SCANNED = new Uint8Array(ALL_SOURCES.length);
for (const index of SCANNED) IS_SCANNED[index] = 1;
/** ASCII white space, each of which `\s` matches. */
function isAsciiSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Whether a SPACE_LED pattern may match at `p` (a line start or line feed): the first character
 * after the ASCII white space from `p` is one `starts` holds, or beyond ASCII (not read here).
 */
function mayStartAfterSpace(folded: string, p: number, starts: Uint8Array): boolean {
  let q = p;
  while (q < folded.length && isAsciiSpace(folded.charCodeAt(q))) q++;
  if (q >= folded.length) return false;
  const c = folded.charCodeAt(q);
  return c >= 128 || starts[c] === 1;
}

// Patterns without anchors that begin with `(?:^|\n)`: every match begins at a line start or at a
// line feed.
const LINE_OR_NEWLINE = '(?:^|\\n)';
const AFTER_NEWLINE = ALL_SOURCES.map((_, i) => i).filter((i) => ALL_SOURCES[i].anchors.length === 0 && !ALL_SOURCES[i].requires && ALL_SOURCES[i].source.startsWith(LINE_OR_NEWLINE));
// Those of them that go on with `\s*`: where one fails, it fails at every later position reached
// through white space alone (see countAt).
const LINE_OR_NEWLINE_SPACE = `${LINE_OR_NEWLINE}\\s*`;
const SPACE_LED = ALL_SOURCES.map((source, i) => AFTER_NEWLINE.includes(i) && source.source.startsWith(LINE_OR_NEWLINE_SPACE));
// For each of them, the ASCII code units what follows `(?:^|\n)\s*` can begin with (1 in a
// 128-entry table), when known and none is white space; null otherwise. A line whose first
// character after its indentation is other ASCII cannot match, and is not tried.
const STARTS_AFTER_SPACE: ReadonlyArray<Uint8Array | null> = ALL_SOURCES.map((source, i) => {
  if (!SPACE_LED[i]) return null;
  const units = firstUnits(source.source.slice(LINE_OR_NEWLINE_SPACE.length));
  if (units === null || [...units].some((unit) => unit >= 128 || isAsciiSpace(unit))) return null;
  const table = new Uint8Array(128);
  for (const unit of units) table[unit] = 1;
  return table;
});
// Patterns tried at the positions findAnchors records; the others are run over the whole text.
const POSITIONED = ALL_SOURCES.map((source, i) => source.anchors.length > 0 || SCANNED.includes(i) || AFTER_NEWLINE.includes(i));

// Anchor positions per pattern (the first `counts[i]` entries of `positions[i]`), and which lists
// were filled; the lists are never shortened, so counting allocates nothing once they have grown.
const positions: number[][] = ALL_SOURCES.map(() => []);
const counts = new Int32Array(ALL_SOURCES.length);
// `filledCount` of them in `filled`: a fixed array (a pattern is listed once), so clearing it
// neither calls into the runtime nor drops a backing store the next text grows again.
const filled = new Int32Array(ALL_SOURCES.length);
let filledCount = 0;

// While an AnchorIndex is being filled: each record also lands there, with the span it depends on.
let capturing: AnchorIndex | null = null;

/**
 * Records that pattern `index` may match at `p`. The record rests on the text from `from` (the
 * word or line start, or literal, that found it) to `to` (the end of what was read there).
 */
function record(index: number, p: number, from = p, to = p): void {
  if (capturing) capturing.add(index, p, from, to);
  const n = counts[index];
  if (n === 0) filled[filledCount++] = index;
  positions[index][n] = p;
  counts[index] = n + 1;
}

/** Records the anchors of line-start patterns that occur at `p`. */
function atLineStart(folded: string, p: number): void {
  // Most lines begin with a unit no line-start anchor begins with, and most others fail at the
  // second unit ("what is" and "what are" are not tried on "when").
  const list = p < folded.length ? LINE_ANCHORS_FROM.get(folded.charCodeAt(p)) : undefined;
  if (list === undefined) return;
  const next = folded.charCodeAt(p + 1);
  for (let i = 0; i < list.length; i++) {
    const { index, anchor, second } = list[i];
    if (second < 0 || (second === next && folded.startsWith(anchor, p))) record(index, p, p, p + anchor.length);
  }
}

/** Records every anchor that starts at word start `p`, from the trie node of its first character. */
function walkAnchors(folded: string, p: number, node: number): void {
  for (let k = p + 1, n = folded.length; ; k++) {
    for (let i = TRIE_ENDS_FROM[node], end = TRIE_ENDS_FROM[node + 1]; i < end; i++) record(TRIE_ENDS[i], p, p, k);
    if (k >= n) return;
    node = trieChild(node, folded.charCodeAt(k));
    if (node === 0) return;
  }
}

/** Records the anchors at `p`, a unit beginning one after no ASCII letter or digit, unless a non-ASCII letter or digit is before it. */
function wordStartAt(folded: string, p: number): void {
  if (p > 0 && folded.charCodeAt(p - 1) >= 128 && (classOf(codePointBefore(folded, p)) & (LETTER | NUMBER)) !== 0) return;
  const node = trieChild(0, folded.charCodeAt(p));
  if (node !== 0) walkAnchors(folded, p, node);
}

/** Records the scanned literals that begin at `p` (its code unit `first` begins one). */
function literalsAt(folded: string, p: number, first: number): void {
  const list = SCANNED_LITERALS_FROM.get(first)!;
  // Most places fail at the second code unit ("dan" and "dual responses" are not tried on "do").
  const next = folded.charCodeAt(p + 1);
  for (let i = 0; i < list.length; i++) {
    const { index, literal, second } = list[i];
    if (second < 0 || (second === next && folded.startsWith(literal, p))) record(index, p, p, p + literal.length);
  }
}

/** Records what may match at line start `p`: the line feed before it first, so positions stay in order. */
function atLine(folded: string, p: number): void {
  if (p > 0 && folded.charCodeAt(p - 1) === 10) for (const index of AFTER_NEWLINE) record(index, p - 1, p, p);
  for (const index of AFTER_NEWLINE) record(index, p);
  atLineStart(folded, p);
}

function clearAnchors(): void {
  for (let k = 0; k < filledCount; k++) counts[filled[k]] = 0;
  filledCount = 0;
}

/**
 * Fills `positions` with where each pattern's anchors occur in `folded`, in one pass with one
 * table look-up per code unit (UNIT_BEGINS):
 * - word-start anchors wherever a unit that begins one follows no ASCII letter or digit (w()'s
 *   `(?<![\p{L}\p{N}])`; after another character, wordStartAt checks the code point before);
 * - scanned literals wherever their first unit stands;
 * - line-start anchors, and the line starts and line feeds where AFTER_NEWLINE patterns may match:
 *   `^` matches in multi-line mode at 0 and after \n, \r, U+2028 and U+2029.
 * Each pattern's positions come in order: every pattern is found by one of the three only.
 */
function findAnchors(folded: string): void {
  clearAnchors();
  atLine(folded, 0);
  let before = 0;
  for (let p = 0, n = folded.length; p < n; p++) {
    const code = folded.charCodeAt(p);
    const begins = UNIT_BEGINS[code];
    if (begins !== 0) {
      // `(?<![A-Za-z0-9])`: the unit before is no ASCII letter or digit.
      if ((begins & BEGINS_WORD_ANCHOR) !== 0 && !isAsciiAlnum(before)) wordStartAt(folded, p);
      if ((begins & BEGINS_LITERAL) !== 0) literalsAt(folded, p, code);
      if ((begins & ENDS_LINE) !== 0) atLine(folded, p + 1);
    }
    before = code;
  }
}

/**
 * The anchors of a whole text, from which those of a window (a slice of it) are read instead of
 * searched again. Each record keeps the span of text it rests on: a window holds the records whose
 * span it contains, except at its first two positions, which are searched in the window itself
 * (its start is a word and line start there, and the character before may be half a pair).
 */
export class AnchorIndex {
  /** Per pattern, (position, from, to) triples: the first `lengths[i]` numbers of list i. */
  private readonly entries: number[][] = ALL_SOURCES.map(() => []);
  /** The lists are never shortened, so refilling them allocates nothing once they have grown. */
  private readonly lengths = new Int32Array(ALL_SOURCES.length);
  /** Patterns with records. */
  private readonly filled: number[] = [];

  /** Indexes the anchors of `whole`. */
  fill(whole: string): this {
    this.lengths.fill(0);
    this.filled.length = 0;
    capturing = this;
    try {
      findAnchors(whole);
    } finally {
      capturing = null;
    }
    // Every list is in order of `from`, so a window reads only its stretch: findAnchors records
    // each pattern's anchors in order of the position they rest on.
    this.lengths.forEach((length, index) => {
      if (length > 0) this.filled.push(index);
    });
    return this;
  }

  /** Records that pattern `index` may match at `p`, resting on the text from `from` to `to`. */
  add(index: number, p: number, from: number, to: number): void {
    const list = this.entries[index];
    const n = this.lengths[index];
    list[n] = p;
    list[n + 1] = from;
    list[n + 2] = to;
    this.lengths[index] = n + 3;
  }

  /** Fills `positions` for `window`, the whole text's slice from `start`, as findAnchors(window) would. */
  read(window: string, start: number): void {
    clearAnchors();
    const end = start + window.length;
    for (let p = 0; p < 2 && p < window.length; p++) {
      if ((UNIT_BEGINS[window.charCodeAt(p)] & BEGINS_WORD_ANCHOR) !== 0 && (p === 0 || !isAsciiAlnum(window.charCodeAt(p - 1)))) wordStartAt(window, p);
    }
    atLine(window, 0);
    if (window.length > 0 && isLineTerminator(window.charCodeAt(0))) atLine(window, 1);
    // Position by position, so each pattern's records stay in order.
    for (let p = 0; p < 2; p++) {
      for (const index of SCANNED) for (const literal of SCAN_LITERALS[index]) if (window.startsWith(literal, p)) record(index, p);
    }
    for (const index of this.filled) {
      const list = this.entries[index];
      const length = this.lengths[index];
      for (let k = firstFrom(list, length, start + 2); k < length && list[k + 1] <= end; k += 3) {
        if (list[k + 2] <= end) record(index, list[k] - start);
      }
    }
    // Records at the first two positions come first, the rest in order: no list needs sorting.
  }
}

/** The offset of the first triple of `list`'s first `length` numbers whose `from` is at least `from` (`length` if none). */
function firstFrom(list: number[], length: number, from: number): number {
  let lo = 0;
  let hi = length / 3;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid * 3 + 1] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo * 3;
}

const isLineTerminator = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** Where a window's anchors are read from: the index of the whole text and the window's start in it. */
export interface AnchorWindow {
  index: AnchorIndex;
  start: number;
}

/**
 * Matches of one pattern, each at or after the end of the last, as a global scan finds them; a
 * pattern with recorded positions is tried only there (every match begins at one of them).
 */
function countAt(folded: string, index: number, cap: number): number {
  const source = ALL_SOURCES[index];
  let n = 0;
  if (!POSITIONED[index]) {
    source.regex.lastIndex = 0;
    while (n < cap && source.regex.test(folded)) n++;
    return n;
  }
  let end = -1;
  const spaceLed = SPACE_LED[index];
  const known = spaceLed ? knownMisses.reset() : undefined;
  const starts = STARTS_AFTER_SPACE[index];
  const list = positions[index];
  for (let k = 0, total = counts[index]; k < total; k++) {
    const p = list[k];
    if (p < end) continue;
    if (known && known.covers(folded, p)) continue;
    if (starts !== null && !mayStartAfterSpace(folded, p, starts)) {
      known!.missedAt(folded, p);
      continue;
    }
    // A sticky test() that matches leaves lastIndex at the end of the match.
    source.sticky.lastIndex = p;
    stickyTrials++;
    if (!source.sticky.test(folded)) {
      if (known) known.missedAt(folded, p);
      continue;
    }
    end = p + Math.max(1, source.sticky.lastIndex - p);
    if (++n >= cap) break;
  }
  return n;
}


/**
 * What the failed tests of one `(?:^|\n)\s*R` pattern (SPACE_LED) tell about the next positions.
 * Such a pattern matches at a line start p when `\s*R` matches at p, and at a line feed p when
 * `\s*R` matches at p + 1. Where `\s*R` fails at s, it fails at every later t with only white
 * space between s and t (a match at t would be one at s, `\s*` taking that space too). A line
 * feed is itself white space, so after a miss at a line feed or at a line start, the tests at the
 * next line start and at the line feeds of blank lines after it cannot match either: they are
 * skipped, and the count stays what testing every position gives.
 */
class KnownMisses {
  /** `\s*R` fails at `from` and at every later position reached through white space; -1: unknown. */
  private from = -1;
  /** How far the white space after `from` has been read. */
  private spaceTo = -1;

  reset(): this {
    this.from = -1;
    this.spaceTo = -1;
    return this;
  }

  /** Records what a failed test at `p` (a line start or a line feed) shows. */
  missedAt(folded: string, p: number): void {
    if (p === 0 || isLineTerminator(folded.charCodeAt(p - 1))) this.from = p;
    else if (folded.charCodeAt(p) === 10) this.from = p + 1;
    else return;
    this.spaceTo = this.from;
  }

  /** Whether a test at `p` is known to fail: only white space between `from` and `p` (ASCII white space is enough to read). */
  covers(folded: string, p: number): boolean {
    if (this.from < 0 || p < this.from) return false;
    while (this.spaceTo < p && isAsciiSpace(folded.charCodeAt(this.spaceTo))) this.spaceTo++;
    if (this.spaceTo >= p) return true;
    // Something else stands between: no later position is reached through white space either.
    this.from = -1;
    return false;
  }
}
const knownMisses = new KnownMisses();

/** Sticky tests run by countAt since the module loaded: how much work the pattern search does. */
let stickyTrials = 0;

/** The number of sticky pattern tests run so far (for tests that check work is not repeated). */
export function patternTrials(): number {
  return stickyTrials;
}

/** The family of each pattern, by its index in ALL_SOURCES. */
const FAMILY_OF = Int32Array.from(FAMILY_PATTERNS.flatMap((family, i) => family.sources.map(() => i)));
/** Patterns without positions, run over the whole text wherever they are counted (none at present). */
const UNPOSITIONED = ALL_SOURCES.map((_, i) => i).filter((i) => !POSITIONED[i]);

/**
 * Number of matches per family in folded text, each capped at `cap`. A pattern is tried only
 * where one of its anchor words occurs: running every regex over the whole text is the costly part.
 */
export function countFamilies(folded: string, out: Float64Array, cap = 8, window?: AnchorWindow): void {
  if (window) window.index.read(folded, window.start);
  else findAnchors(folded);
  out.fill(0, 0, FAMILY_PATTERNS.length);
  // A positioned pattern with no anchor in the text cannot match, and most have none: only those
  // with one are tried, in pattern order as before (a family stops at `cap`, so its total is the
  // same in any order; the order keeps the sticky trials the same too).
  sortAscending(filled, filledCount);
  for (let k = 0; k < filledCount; k++) countPattern(folded, filled[k], out, cap);
  for (const index of UNPOSITIONED) countPattern(folded, index, out, cap);
}

/** Adds pattern `index`'s matches to its family's count in `out`, up to `cap`. */
function countPattern(folded: string, index: number, out: Float64Array, cap: number): void {
  const family = FAMILY_OF[index];
  const n = out[family];
  if (n < cap) out[family] = n + countAt(folded, index, cap - n);
}

/** Sorts the first `length` pattern indexes of `list` (at most one per pattern) in place. */
function sortAscending(list: Int32Array, length: number): void {
  for (let i = 1; i < length; i++) {
    const x = list[i];
    let j = i - 1;
    for (; j >= 0 && list[j] > x; j--) list[j + 1] = list[j];
    list[j + 1] = x;
  }
}
