/**
 * Given names and the short forms people go by (issue 31's duplicate finder): each line is one
 * name's family, its first entry the form every other compares as. Names are written as
 * `matchName` leaves them (lower case, letters only). A short form shared by two names (Chris:
 * Christopher, Christine) belongs to the first line that lists it.
 */
const NICKNAME_FAMILIES: readonly (readonly string[])[] = [
  ['william', 'bill', 'billy', 'will', 'willy', 'liam'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['john', 'jon', 'johnny', 'jack', 'jean'],
  ['jonathan', 'jonathon', 'jonny'],
  ['elizabeth', 'liz', 'lizzie', 'beth', 'betty', 'eliza', 'elisabeth', 'lisa', 'libby'],
  ['richard', 'rick', 'ricky', 'dick', 'rich', 'richie'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['joseph', 'joe', 'joey', 'jo'],
  ['michael', 'mike', 'mikey', 'mick', 'mickey', 'michel'],
  ['thomas', 'tom', 'tommy'],
  ['charles', 'charlie', 'chuck', 'chas'],
  ['christopher', 'chris', 'kit', 'topher'],
  ['christine', 'christina', 'tina', 'chrissy', 'kristine'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davey'],
  ['edward', 'ed', 'eddie', 'ted', 'teddy', 'ned'],
  ['anthony', 'tony', 'antoine'],
  ['andrew', 'andy', 'drew', 'andre'],
  ['alexander', 'alex', 'sandy', 'alexandre', 'xander'],
  ['alexandra', 'alexa', 'sasha', 'lexi'],
  ['benjamin', 'ben', 'benny', 'benji'],
  ['matthew', 'matt', 'matty', 'mathieu', 'matthieu'],
  ['nicholas', 'nick', 'nicky', 'nicolas', 'nico'],
  ['patrick', 'pat', 'paddy', 'patty'],
  ['patricia', 'trish', 'tricia', 'patsy'],
  ['peter', 'pete', 'pierre'],
  ['samuel', 'sam', 'sammy'],
  ['samantha', 'sammie'],
  ['steven', 'steve', 'stephen', 'stevie', 'stephane'],
  ['timothy', 'tim', 'timmy'],
  ['gregory', 'greg'],
  ['jeffrey', 'jeff', 'geoffrey', 'geoff'],
  ['kenneth', 'ken', 'kenny'],
  ['lawrence', 'larry', 'laurence', 'laurent'],
  ['raymond', 'ray'],
  ['ronald', 'ron', 'ronnie'],
  ['donald', 'don', 'donnie'],
  ['douglas', 'doug'],
  ['frederick', 'fred', 'freddie', 'frederic'],
  ['gerald', 'gerry', 'jerry'],
  ['henry', 'hank', 'harry', 'henri'],
  ['joshua', 'josh'],
  ['leonard', 'leo', 'len', 'lenny'],
  ['nathaniel', 'nathan', 'nate', 'nat'],
  ['philip', 'phil', 'phillip', 'philippe'],
  ['zachary', 'zach', 'zack'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge', 'margo', 'marguerite'],
  ['katherine', 'kate', 'katie', 'kathy', 'kathryn', 'catherine', 'cathy', 'kat', 'kay'],
  ['jennifer', 'jen', 'jenny', 'jenn'],
  ['jessica', 'jess', 'jessie'],
  ['rebecca', 'becky', 'becca'],
  ['susan', 'sue', 'suzy', 'susie', 'suzanne'],
  ['deborah', 'debbie', 'deb', 'debra'],
  ['victoria', 'vicky', 'tori'],
  ['abigail', 'abby', 'gail'],
  ['dorothy', 'dot', 'dottie'],
  ['barbara', 'barb', 'babs'],
  ['kimberly', 'kim'],
  ['pamela', 'pam'],
  ['cynthia', 'cindy'],
  ['theresa', 'terry', 'tess', 'therese'],
  ['valerie', 'val'],
  ['josephine', 'josie'],
  ['stephanie', 'steph'],
  ['nancy', 'nan'],
  ['mary', 'marie', 'maria', 'molly', 'polly'],
  ['ann', 'anne', 'anna', 'annie', 'nancie'],
  ['sarah', 'sara', 'sally'],
  ['helen', 'helene', 'nell', 'ellie'],
  ['isabelle', 'isabel', 'izzy', 'bella'],
  ['francis', 'frank', 'frankie', 'francois'],
  ['frances', 'fran', 'francoise'],
  ['louis', 'lou', 'louie'],
  ['louise', 'lou', 'lulu'],
  ['guillaume', 'guy'],
  ['jacques', 'jacky'],
];

const CANONICAL: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const family of NICKNAME_FAMILIES) {
    for (const name of family) if (!map.has(name)) map.set(name, family[0]!);
  }
  return map;
})();

/** The form a given name compares as: its family's first name, else itself (`matchName`'s form). */
export function canonicalGivenName(matchName: string): string {
  return CANONICAL.get(matchName) ?? matchName;
}
