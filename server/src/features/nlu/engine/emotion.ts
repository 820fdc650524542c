import type { Emotion } from '@parley/contracts/nlu';
import { normalizeText, tokenize } from './text';
import { TokenTrie } from './token-trie';
import type { EmotionClassifier } from './types';

/**
 * Emotion of one user message, one of the 28 labels of agents.md §3 (GoEmotions), by a weighted
 * lexicon: offline, fast (a token trie, microseconds per message) and explainable — `explainEmotion`
 * lists the cues that decided. Method and measured accuracy: docs/nlu-emotion.md.
 *
 * - Cues are words or phrases (normalised tokens, accents and case folded; `*` ends a prefix cue),
 *   emoji, and a few punctuation/shape cues (?!, ALL CAPS, repeated !). The longest phrase at a
 *   position wins and consumes its tokens.
 * - Negation: a negator up to three tokens before a cue (or a Hindi negator up to two tokens after,
 *   "khush nahi") flips cues that have an opposite (happy → disappointment, agree → disapproval,
 *   understand → confusion) and cancels the others ("not angry" counts nothing).
 * - Intensifiers (very, so, really, extremely, bahut …) multiply the next cue by 1.5.
 * - Contrast: cues after "but"/"however"/"lekin" count 1.5×, those before 0.7× ("thanks, but it is
 *   still broken" is annoyance, not gratitude).
 * - The highest total wins; below 1.0 the message is neutral. Ties go to the earlier label in
 *   TIE_ORDER (specific before generic).
 */
type Cue = { emotion: Emotion; weight: number; flip?: Emotion | null };

const L = (emotion: Emotion, weight: number, cues: string, flip?: Emotion | null): [string, Cue][] =>
  cues
    .split('|')
    .map((cue) => cue.trim())
    .filter(Boolean)
    .map((cue) => [cue, { emotion, weight, flip }]);

/* prettier-ignore */
const LEXICON: [string, Cue][] = [
  // admiration
  ...L('admiration', 1.2, 'amazing|awesome|impressive|impressed|brilliant|excellent|outstanding|fantastic|superb|incredible|remarkable|top notch|well done|great job|good job|kudos|hats off|commend*|exceptional|stellar|phenomenal|splendid|magnificent|shandaar|shandar|zabardast|kamaal|kamal|badhiya|बढ़िया|शानदार|कमाल|wah|wow service|best service|best support|very professional|so professional|you guys rock|you rock|legend|genius|admire*|stunning|respect|the best|honestly the best|best i\'ve|best we\'ve|best ever|top class|world class|first class', 'disappointment'),
  ...L('admiration', 0.7, 'great|wonderful|beautiful|lovely|nice|professional|efficient|quick response|fast delivery|smooth|best', 'disappointment'),
  // amusement
  ...L('amusement', 1.5, 'laugh*|haha*|hehe*|lol|lmao|lmfao|rofl|hilarious|funny|cracked me up|made me laugh|laughing|amusing|joking|kidding|hasi|हंसी|mazedaar', 'annoyance'),
  // anger
  ...L('anger', 1.6, 'rip off|ripoff|ripped off|thanks for nothing|angry|furious|outraged|outrageous|livid|rage|enraged|pissed|how dare|dare you|scam|scammers|cheated|cheating|cheaters|fraud|fraudsters|looted|robbed|legal action|consumer court|consumer forum|sue you|enough is enough|fed up|gussa|गुस्सा|नाराज़|naraz|hate you|hate this|i hate|damn|bloody|wtf|shut up|mad at|worst company|worst service|worst experience|worst ever|bakwas|बकवास|chor|चोर|thieves', null),
  ...L('anger', 0.9, 'worst|unacceptable|pathetic|useless|rubbish|nonsense|disgrace|insult*|rude|hate|hated|shouting', null),
  ...L('anger', 1.3, 'liars|lied|lying|lie to me|lies', null),
  // annoyance
  ...L('annoyance', 1.3, 'annoying|annoyed|irritating|irritated|irritate|frustrating|frustrated|frustration|ugh|tired of|sick of|waste of time|wasting my time|how many times|yet again|once again|third time|fourth time|again and again|keep calling|keeps calling|keep getting|keeps happening|still waiting|still not|still no|no response|no reply|no one responds|nobody responds|nobody is|no one is|ridiculous|hassle|bothering|pestering|spam|spamming|seriously|come on|pareshan|परेशान|tang|तंग|kitni baar|कितनी बार|fix this already|already told|as i said|i already|stop sending|stop calling|stop messaging|every single time|every time|why do i have to|why should i|why is it so hard', null),
  ...L('annoyance', 0.5, 'still|again|waiting|delay*|late|days now|since last week|since yesterday|not yet|nothing happened|no update', null),
  // approval
  ...L('approval', 1.2, 'fair|fine with|okay with|ok with|sounds good|works for me|that works|agree|agreed|i agree|makes sense|good idea|great idea|fine by me|fine with me|go ahead|approved|approve|correct|exactly|absolutely right|yes please|deal|perfect|theek hai|ठीक है|bilkul|बिल्कुल|sahi hai|सही है|acceptable|fair enough|good enough|that is right|thats right|that\'s right|right choice|satisfied|happy with', 'disapproval'),
  ...L('approval', 0.7, 'ok|okay|okk|sure|fine|alright|yes|yeah|yep|right|good|valid|recommend*', 'disapproval'),
  // caring
  ...L('caring', 1.4, 'take care|stay safe|get well|feel better|hope you are well|hope you\'re well|hope you are ok|hope you\'re ok|hope you are doing well|are you okay|are you ok|take your time|no rush|no hurry|don\'t worry|do not worry|dont worry|no worries|be careful|look after|bless you|hope you feel|sorry to hear|sorry for your loss|my condolences|condolences|i understand your|i understand how|dhyan rakhna|ध्यान रखना|ख्याल रखना|khayal rakhna|fikar mat|फिक्र मत|chinta mat|चिंता मत|help you out|happy to help|here for you|you poor thing|hope it gets better|hope everything is ok|hope all is well|get some rest|gets some rest|take rest|hope you get|hope she|hope he|hope they are', null),
  // confusion
  ...L('confusion', 1.5, 'confused|confusing|confuse|puzzled|baffled|perplexed|unclear|not clear|doesn\'t make sense|does not make sense|makes no sense|no sense|don\'t get it|dont get it|do not get|what do you mean|what does that mean|not sure what|not sure how|not sure which|not sure why|i thought|lost here|i\'m lost|im lost|so lost|huh|which one is|can\'t figure|cannot figure|can\'t tell|mixed up|contradict*|samajh nahi|समझ नहीं|samjha nahi|samajh nahin|kuch samajh', null),
  // Only under negation ("not clear", "can't follow"); "understand" sits with realization.
  ...L('confusion', 0, 'sense|clear|follow|explained', 'confusion'),
  // curiosity
  ...L('curiosity', 1.3, 'curious|curiosity|wondering|wonder|i\'d like to know|would like to know|want to know|like to know|love to know|interested in|interested to|tell me more|more about|more details|more information|just asking|out of curiosity|any idea|is it possible|is there a way|is there any|do you have|do you offer|what happens|how does|how do you|how come|what if i|can you explain|explain how|jaanna|जानना|kya hota|batao|बताओ|bataiye|बताइए', null),
  // desire
  ...L('desire', 1.3, 'wish|would love|i\'d love|i would love|dying to|craving|long for|longing|dream of|dreaming of|badly want|badly need|really want|really need|so want|desperately|can i please get|i want to have|i want the new|i want one|would be nice to have|if only|chahta hoon|chahti hoon|चाहता हूँ|चाहती हूँ|mann hai|kash|काश', null),
  ...L('desire', 0.6, 'want|wanted|need|chahiye|चाहिए|prefer|hoping to get', 'disapproval'),
  // disappointment
  ...L('disappointment', 1.5, 'disappointed|expected much better|expected a lot better|expected a lot more|expected much more|disappointing|disappointment|let down|letdown|let me down|expected better|expected more|not what i expected|not as expected|not as described|not as advertised|underwhelming|unsatisfied|dissatisfied|what a shame|such a shame|too bad|what a pity|not worth|waste of money|was hoping|had hoped|i hoped|broken promise|false promise|fell short|sad to see|nirash|निराश|umeed thi|उम्मीद थी|ummeed thi|bekaar|बेकार|not happy|never again|regret buying|regret ordering', null),
  ...L('disappointment', 1.0, 'sadly|unfortunately', null),
  ...L('disappointment', 0.6, 'failed|expected|supposed to|should have been|downgrade*', null),
  // disapproval
  ...L('disapproval', 1.4, 'disagree|not acceptable|not okay|not ok|not fair|unfair|not right|bad idea|don\'t like|do not like|dont like|don\'t agree|do not agree|should not|shouldn\'t|should never|no way|object to|i object|wrong|not allowed|refuse|disapprove|not appropriate|inappropriate|poor service|bad service|poor quality|bad quality|poor|galat|गलत|sahi nahi|सही नहीं|theek nahi|ठीक नहीं|nahi chahiye|नहीं चाहिए|doesn\'t work for me|not good', null),
  ...L('disapproval', 0.8, 'bad|terrible|awful|horrible|misleading|hidden charges|overcharged|overcharging|not good enough', null),
  // disgust
  ...L('disgust', 1.6, 'disgusting|disgusted|gross|revolting|nasty|filthy|yuck|yuk|eww*|sickening|vile|makes me sick|made me sick|rotten|stinks|stinking|smelly|foul smell|bad smell|cockroach*|insect|insects|worm|worms|hair in|maggot*|mould|mold|moldy|mouldy|stale|vomit*|puke|repulsive|ghatiya|घटिया|chhi|chee|छी|ganda|गंदा|gandagi|shameful|shameless|sleazy|creepy|dirty', null),
  // fear
  ...L('fear', 1.6, 'scared|afraid|frightened|terrified|terrifying|fear|feared|fearful|panic|panicking|panicked|unsafe|danger|dangerous|threat|threatening|threatened|hacked|hacker|stolen|someone used my|unauthorized|unauthorised|i didn\'t make|i did not make|not done by me|horrified|scary|frightening|freaking out|dread|dreading|nightmare|dar lag|डर|darr|khatra|खतरा|afraid of|fear of|identity theft|blackmail*|harass*|stalk*', null),
  // gratitude
  ...L('gratitude', 2, 'thank*|thanks|thx|thnx|thnks|ty|tysm|grateful|gratitude|appreciate*|much obliged|obliged|cheers|shukriya|shukria|dhanyavaad|dhanyawad|dhanyavad|धन्यवाद|शुक्रिया|thankyou|thanku', null),
  // grief
  ...L('grief', 2, 'passed away|passed on|died|death|deceased|demise|funeral|cremation|rest in peace|rip|mourning|mourn|grieving|grief|bereaved|bereavement|lost my father|lost my mother|lost my dad|lost my mom|lost my mum|lost my husband|lost my wife|lost my son|lost my daughter|lost my brother|lost my sister|lost my grandmother|lost my grandfather|lost my baby|lost our|no more with us|is no more|are no more|nidhan|निधन|guzar gaye|गुज़र गए|gujar gaye|swargvas|स्वर्गवास|death certificate|late father|late mother|late husband|late wife', null),
  // joy
  ...L('joy', 1.3, 'happy|overjoyed|glad|delighted|pleased|joy|joyful|yay|yippee|cheerful|made my day|enjoy*|enjoyed|fun|so good|feel good|feeling good|love it|khush|खुश|khushi|खुशी|maza aa gaya|mazaa aa gaya|maja aa gaya|मज़ा आ गया|happiest|wonderful news|great news|good news|smile', 'disappointment'),
  // love
  ...L('love', 1.8, 'love|loves|loved|loving|adore|adored|in love|fell in love|love you|love this|love your|love the|pyaar|प्यार|pyar|mohabbat|dil se|दिल से|favourite|favorite|best thing ever|obsessed', 'disapproval'),
  // nervousness
  ...L('nervousness', 1.5, 'nervous|anxious|anxiety|worried|worry|worrying|tense|tension|stressed|stress|stressful|on edge|uneasy|jittery|restless|apprehensive|what if|hope nothing|hope it doesn\'t|hope it does not|butterflies|can\'t sleep|cannot sleep|sleepless|ghabra*|घबरा*|chinta|चिंता|tension ho|dar hai|pareshani', null),
  ...L('nervousness', 0.8, 'concerned|concern|concerns', null),
  // optimism
  ...L('optimism', 1.3, 'hope|hopefully|hoping|hopeful|optimistic|fingers crossed|looking forward|confident|i\'m sure it will|i am sure it will|will work out|will be fine|will be okay|will be ok|should be fine|trust you|trust that|i trust|will get better|should get better|get better soon|better days|next time will|umeed|उम्मीद|ummeed|asha|आशा|ummid|sab theek ho|सब ठीक हो', 'sadness'),
  // pride
  ...L('pride', 1.6, 'proud|pride|accomplished|accomplishment|achievement|achieved|i did it|we did it|nailed it|managed to|on my own|by myself|myself fixed|fixed it myself|figured it out|i built|we built|i made it|i won|we won|won the|first place|top rank|topper|promoted|my team did|hit the target|hit our target|hit my target|earned|garv|गर्व|fakhr|naaz|नाज़', null),
  ...L('pride', 0.8, 'years loyal|loyal customer|oldest customer', null),
  // realization
  ...L('realization', 1.5, 'realise|realize|realised|realized|realising|realizing|just noticed|now i see|oh i see|i see now|i see|just figured|just remembered|it occurred to me|now i understand|now i get it|got it now|makes sense now|aha|ahh|oh wait|wait a minute|never mind|nevermind|nvm|my mistake i see|didn\'t notice|did not notice|hadn\'t noticed|oh so|ohh|accha|achha|अच्छा|samajh gaya|समझ गया|samajh gayi|समझ गई|pata chala|पता चला|i just saw|that\'s why|thats why|so that\'s why|that explains', null),
  ...L('realization', 1.0, 'turns out|turned out|just found out|found out', null),
  ...L('realization', 0.6, 'understand|understood|got it|noticed|oh', 'confusion'),
  // relief
  ...L('relief', 1.6, 'relieved|relief|phew|thank god|thank goodness|thankfully|at last|finally sorted|finally resolved|finally working|finally got|finally received|finally arrived|sorted now|resolved now|working now|works now|back to normal|safe now|breathe again|can breathe|no longer worried|weight off|glad it\'s sorted|glad it is sorted|sukoon|सुकून|jaan mein jaan|राहत|rahat|chalo|chaliye', 'nervousness'),
  ...L('relief', 0.7, 'finally|resolved|sorted|fixed', null),
  // remorse
  ...L('remorse', 1.5, 'i am sorry|i\'m sorry|im sorry|so sorry|sorry for|sorry about|apologies|apologise|apologize|apologising|apologizing|my mistake|my bad|my fault|i regret|regret|messed up|i feel bad|feel terrible|shouldn\'t have|should not have|forgive me|pardon me|excuse me for|mea culpa|maaf|माफ़|माफ|maafi|माफी|galti meri|meri galti|मेरी गलती|guilty|i was wrong', null),
  ...L('remorse', 1.2, 'sorry', null),
  // sadness
  ...L('sadness', 1.4, 'sad|unhappy|depressed|depressing|heartbroken|heart broken|broke my heart|crying|cry|cried|tears|lonely|alone|miserable|hopeless|devastated|hurt|hurts|hurting|feel low|feeling low|feeling down|gloomy|sorrow|dukh|दुख|दुःख|udaas|उदास|dukhi|दुखी|rona|रोना|miss|missed|missing', 'joy'),
  // surprise
  ...L('surprise', 1.4, 'surprised|surprising|surprise|wow|whoa|woah|can\'t believe|cannot believe|cant believe|unbelievable|shocked|shocking|shock|oh my god|oh my gosh|omg|unexpected|unexpectedly|out of nowhere|astonished|astonishing|stunned|no idea that|didn\'t know|did not know|didn\'t expect|did not expect|never expected|arre|arey|are baap|kya baat|sach mein|सच में|achanak|अचानक|hairan|हैरान', null),
  // embarrassment
  ...L('embarrassment', 1.6, 'embarrassed|embarrassing|embarrassment|awkward|ashamed|so stupid of me|stupid of me|silly of me|how silly|how stupid|dumb of me|blush*|oops|whoops|facepalm|humiliat*|cringe|sharam|शर्म|sharminda|शर्मिंदा|red faced|red-faced|face is red|face went red|feel like an idiot|feel stupid|feel so stupid', null),
  // excitement
  ...L('excitement', 1.6, 'excited|exciting|excitement|can\'t wait|cannot wait|cant wait|thrilled|woohoo|woo hoo|hurray|hooray|pumped|eager|stoked|so pumped|super excited|big day|finally here|just launched|new launch|counting the days|bahut excited|let\'s go|lets go|intezaar nahi|इंतज़ार नहीं', 'disappointment'),
];

const EMOJI: [RegExp, Emotion, number][] = [
  [/[😂🤣😆😹]/u, 'amusement', 1.5],
  [/[😠😡🤬👿💢]/u, 'anger', 1.6],
  [/[😒🙄😤]/u, 'annoyance', 1.4],
  [/[👍👌✅]/u, 'approval', 1.2],
  [/[🤗]/u, 'caring', 1.4],
  [/[😕🤷❓]/u, 'confusion', 1.2],
  [/[🤔🧐]/u, 'curiosity', 1.2],
  [/[🤤]/u, 'desire', 1.2],
  [/[😞😩]/u, 'disappointment', 1.4],
  [/[👎]/u, 'disapproval', 1.4],
  [/[🤢🤮]/u, 'disgust', 1.6],
  [/[😨😱😰]/u, 'fear', 1.4],
  [/[🙏]/u, 'gratitude', 1.2],
  [/[🕊⚰🥀]/u, 'grief', 1.6],
  [/[😊😀😁😃😄🙂☺]/u, 'joy', 1.3],
  [/[❤💕💖💗😍😘🥰♥]/u, 'love', 1.5],
  [/[😬]/u, 'nervousness', 1.4],
  [/[🤞]/u, 'optimism', 1.4],
  [/[🏆🥇💪]/u, 'pride', 1.2],
  [/[💡]/u, 'realization', 1.4],
  [/[😅😌]/u, 'relief', 1.3],
  [/[😔]/u, 'remorse', 1.0],
  [/[😢😭☹🙁💔]/u, 'sadness', 1.5],
  [/[😲😮😯🤯]/u, 'surprise', 1.5],
  [/[😳🤦🙈]/u, 'embarrassment', 1.5],
  [/[🎉🥳🤩🎊]/u, 'excitement', 1.5],
];

const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'neither',
  'nor',
  'hardly',
  'barely',
  'without',
  'cannot',
  "don't",
  'dont',
  "doesn't",
  'doesnt',
  "didn't",
  'didnt',
  "isn't",
  'isnt',
  "wasn't",
  'wasnt',
  "aren't",
  "won't",
  'wont',
  "can't",
  'cant',
  "couldn't",
  "wouldn't",
  "shouldn't",
  "haven't",
  "hasn't",
  "hadn't",
  "ain't",
  'nahi',
  'nahin',
  'nhi',
  'नहीं',
  'नही',
  'mat',
  'मत',
]);
const AFTER_NEGATORS = new Set(['nahi', 'nahin', 'nhi', 'नहीं', 'नही']);
const INTENSIFIERS = new Set([
  'very',
  'so',
  'really',
  'extremely',
  'totally',
  'absolutely',
  'completely',
  'super',
  'truly',
  'highly',
  'incredibly',
  'terribly',
  'utterly',
  'too',
  'deeply',
  'bahut',
  'बहुत',
  'bohot',
  'bahot',
  'itna',
  'इतना',
  'ekdum',
  'एकदम',
  'most',
  'such',
]);
const CONTRAST = new Set(['but', 'however', 'although', 'lekin', 'लेकिन', 'magar', 'मगर']);
const WH = new Set([
  'what',
  'how',
  'why',
  'when',
  'where',
  'which',
  'who',
  'kya',
  'kaise',
  'kyun',
  'kab',
  'kahan',
  'क्या',
  'कैसे',
  'क्यों',
  'कब',
  'कहाँ',
]);

/** Specific labels first: they win ties against the broad ones. */
const TIE_ORDER: Emotion[] = [
  'grief',
  'gratitude',
  'disgust',
  'fear',
  'embarrassment',
  'remorse',
  'relief',
  'pride',
  'amusement',
  'love',
  'excitement',
  'anger',
  'confusion',
  'realization',
  'nervousness',
  'surprise',
  'disappointment',
  'caring',
  'admiration',
  'curiosity',
  'optimism',
  'desire',
  'sadness',
  'annoyance',
  'disapproval',
  'joy',
  'approval',
  'neutral',
];

const trie = new TokenTrie<Cue>();
const prefixCues: { stem: string; cue: Cue }[] = [];
for (const [phrase, cue] of LEXICON) {
  if (phrase.endsWith('*') && !phrase.includes(' ')) {
    prefixCues.push({ stem: normalizeText(phrase.slice(0, -1)), cue });
    continue;
  }
  trie.add(phrase, cue);
}

export interface EmotionExplanation {
  emotion: Emotion;
  scores: Partial<Record<Emotion, number>>;
  /** The cues that counted, as matched (after negation and weighting). */
  cues: { cue: string; emotion: Emotion; weight: number }[];
}

const NEUTRAL_BELOW = 1;
const MAX_LENGTH = 2000;

export function explainEmotion(message: string): EmotionExplanation {
  const text = message.slice(0, MAX_LENGTH);
  const tokens = tokenize(text);
  const norms = tokens.map((token) => token.norm);
  const scores: Partial<Record<Emotion, number>> = {};
  const cues: EmotionExplanation['cues'] = [];
  const add = (cue: string, emotion: Emotion, weight: number) => {
    if (weight <= 0) return;
    scores[emotion] = (scores[emotion] ?? 0) + weight;
    cues.push({ cue, emotion, weight: Math.round(weight * 100) / 100 });
  };
  const contrastAt = norms.findLastIndex((norm) => CONTRAST.has(norm));

  let index = 0;
  while (index < tokens.length) {
    // Longest phrase at this position.
    const longest = trie.longestAt(norms, index);
    let found: { cue: Cue; end: number } | null = longest ? { cue: longest.payload, end: longest.end } : null;
    if (!found) {
      const prefix = prefixCues.find(({ stem }) => norms[index]!.startsWith(stem));
      if (prefix) found = { cue: prefix.cue, end: index };
    }
    if (!found) {
      index += 1;
      continue;
    }
    const { cue, end } = found;
    const phrase = norms.slice(index, end + 1).join(' ');
    const before = norms.slice(Math.max(0, index - 3), index);
    // A negator counts within its clause only ("No. Thanks a lot" is not negated).
    const sameClause = (from: number, to: number) => !/[.,;!?]/.test(text.slice(tokens[from]!.end, tokens[to]!.start));
    const negatedBefore =
      !NEGATORS.has(norms[index]!) &&
      !phrase.includes("n't") &&
      before.some((norm, offset) => NEGATORS.has(norm) && sameClause(index - before.length + offset, index));
    const negatedAfter = norms
      .slice(end + 1, end + 3)
      .some((norm, offset) => AFTER_NEGATORS.has(norm) && sameClause(end, end + 1 + offset));
    const intensified = before.length > 0 && INTENSIFIERS.has(before[before.length - 1]!);
    let weight = cue.weight * (intensified ? 1.5 : 1);
    if (contrastAt >= 0) weight *= index > contrastAt ? 1.5 : 0.7;
    if (negatedBefore || negatedAfter) {
      if (cue.flip) add(`not ${phrase}`, cue.flip, Math.max(weight, 1.2));
    } else add(phrase, cue.emotion, weight);
    index = end + 1;
  }

  for (const [pattern, emotion, weight] of EMOJI) if (pattern.test(text)) add(pattern.source, emotion, weight);

  // Shape cues.
  const trimmed = text.trim();
  const letters = text.replace(/[^A-Za-z]/g, '');
  const shouted = tokens.filter((token) => token.text.length >= 3 && /^[A-Z]+$/.test(token.text)).length;
  if (letters.length >= 8 && shouted >= 2 && shouted >= tokens.length / 2) add('ALL CAPS', 'anger', 1.2);
  else if (shouted >= 2) add('CAPS', 'annoyance', 0.5);
  // Tokens drop punctuation, so "really?" is a shape cue, not a lexicon entry.
  if (/(?:^|[^\p{L}])(?:really|seriously|sach mein|kya|hain)\s*\?/iu.test(text)) add('really?', 'surprise', 1.4);
  if (/\?!|!\?/.test(trimmed)) add('?!', 'surprise', 1.2);
  else if (/\?{2,}/.test(trimmed)) add('??', 'annoyance', 0.6);
  const negative = (['anger', 'annoyance', 'disgust', 'fear', 'sadness', 'disappointment'] as Emotion[]).some(
    (emotion) => scores[emotion],
  );
  if (/!{3,}/.test(trimmed) && !negative) add('!!!', 'excitement', 0.6);
  if (/!{2,}/.test(trimmed)) {
    const top = strongest(scores);
    if (top) add('!!', top, 0.4);
  }
  if (
    trimmed.endsWith('?') &&
    tokens.length > 0 &&
    (WH.has(norms[0]!) || /^(can|could|is|are|do|does|will|would)$/.test(norms[0]!))
  )
    add('question', 'curiosity', 0.5);

  const top = strongest(scores);
  const emotion = top && scores[top]! >= NEUTRAL_BELOW ? top : 'neutral';
  return { emotion, scores, cues };
}

function strongest(scores: Partial<Record<Emotion, number>>): Emotion | null {
  let best: Emotion | null = null;
  for (const emotion of TIE_ORDER) {
    const score = scores[emotion];
    if (score === undefined) continue;
    if (best === null || score > scores[best]!) best = emotion;
  }
  return best;
}

export const classifyEmotion: EmotionClassifier = (text) => explainEmotion(text).emotion;
