import latex from '@citation-js/plugin-bibtex/lib/input/unicode.json' with { type: 'json' };
import { decodeHTML } from 'entities';

// The one converter from what upstreams and .bib files write (LaTeX, HTML and MathML markup, entities) to the
// plain Unicode a title, a venue or a name is stored as: every importer reads its text through it
// (docs/decisions/076-clean-text.md). The LaTeX tables are citation-js's own (its BibTeX plugin's), with the
// commands it does not know; entities are decoded by `entities` (htmlparser2's). One pass over the text, each
// look-ahead bounded or done once, so any input costs time linear in its length.

/** What a command with no argument stands for, beyond citation-js's table. */
const SYMBOLS: Readonly<Record<string, string>> = {
  dots: '…',
  ldots: '…',
  cdots: '⋯',
  textellipsis: '…',
  quad: ' ',
  qquad: ' ',
  enspace: ' ',
  thinspace: ' ',
  space: ' ',
  newline: ' ',
  linebreak: ' ',
  par: ' ',
  LaTeX: 'LaTeX',
  LaTeXe: 'LaTeX2ε',
  TeX: 'TeX',
  BibTeX: 'BibTeX',
  XeTeX: 'XeTeX',
  slash: '/',
  textslash: '/',
  times: '×',
  cdot: '·',
  pm: '±',
  mp: '∓',
  div: '÷',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  sim: '∼',
  simeq: '≃',
  equiv: '≡',
  propto: '∝',
  ll: '≪',
  gg: '≫',
  infty: '∞',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  leftrightarrow: '↔',
  Rightarrow: '⇒',
  Leftarrow: '⇐',
  Leftrightarrow: '⇔',
  mapsto: '↦',
  in: '∈',
  notin: '∉',
  ni: '∋',
  subset: '⊂',
  subseteq: '⊆',
  supset: '⊃',
  supseteq: '⊇',
  cup: '∪',
  cap: '∩',
  setminus: '∖',
  emptyset: '∅',
  varnothing: '∅',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  lnot: '¬',
  land: '∧',
  wedge: '∧',
  lor: '∨',
  vee: '∨',
  oplus: '⊕',
  otimes: '⊗',
  circ: '∘',
  bullet: '•',
  star: '⋆',
  ast: '∗',
  prime: '′',
  partial: '∂',
  nabla: '∇',
  sum: '∑',
  prod: '∏',
  int: '∫',
  ell: 'ℓ',
  hbar: 'ℏ',
  aleph: 'ℵ',
  mid: '|',
  vert: '|',
  Vert: '‖',
  langle: '⟨',
  rangle: '⟩',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  lbrace: '{',
  rbrace: '}',
  colon: ':',
  perp: '⊥',
  parallel: '∥',
  top: '⊤',
  bot: '⊥',
  checkmark: '✓',
  S: '§',
  P: '¶',
  dag: '†',
  ddag: '‡',
  pounds: '£',
  euro: '€',
  textasciicircum: '^',
  textasciitilde: '~',
  // operator names are their word
  log: 'log',
  ln: 'ln',
  exp: 'exp',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  max: 'max',
  min: 'min',
  arg: 'arg',
  lim: 'lim',
  sup: 'sup',
  inf: 'inf',
  det: 'det',
  dim: 'dim',
  ker: 'ker',
  Pr: 'Pr',
  gcd: 'gcd',
  // Greek letters citation-js leaves out (its capitals stop where Latin ones look the same)
  Epsilon: 'Ε',
  Alpha: 'Α',
  Beta: 'Β',
  Chi: 'Χ',
};

/** Commands whose argument is kept as it is, the command dropped: typefaces, boxes, math alphabets, case protection. */
const KEEP_ARGUMENT = new Set(
  'textit textsl emph textbf textsc textup textmd textrm textsf texttt textnormal strong mbox hbox makebox fbox text textsuperscript textsubscript mathrm mathit mathbf mathsf mathtt mathcal mathbb mathfrak mathscr mathnormal boldsymbol bm operatorname ensuremath underline uline mkbibemph mkbibitalic mkbibbold nocase NoCaseChange MakeUppercase MakeLowercase uppercase lowercase url path'.split(
    ' ',
  ),
);
/** Declarations that change the typeface from where they stand (\em, \bfseries): dropped. */
const DECLARATIONS = new Set(
  'em it bf sc sl rm sf tt itshape bfseries scshape slshape upshape mdseries rmfamily sffamily ttfamily normalfont tiny scriptsize footnotesize small normalsize large Large LARGE huge Huge displaystyle textstyle scriptstyle left right big Big bigg Bigg bigl bigr Bigl Bigr protect relax noindent centering'.split(
    ' ',
  ),
);

/** The combining mark of each accent command ({\"o}, \'e, \c{c}, \v{r}), citation-js's table. */
const MARKS: ReadonlyMap<string, string> = new Map(Object.entries(latex.diacritics).filter((e): e is [string, string] => typeof e[1] === 'string'));
/** An accent over nothing ({\^{}}, dblp's way of writing a caret): the accent as a character of its own. */
const SPACING: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '^': '^',
    '~': '~',
    '`': '`',
    "'": '´',
    '"': '¨',
    '=': '¯',
    '.': '˙',
    u: '˘',
    v: 'ˇ',
    H: '˝',
    c: '¸',
    k: '˛',
    r: '˚',
  }),
);
/** Every command that stands for a character or a word (a Map: a command named `constructor` is no object's key). */
const COMMANDS: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...latex.commands, ...latex.mathCommands, ...SYMBOLS }).filter((e): e is [string, string] => typeof e[1] === 'string'),
);

/** Characters with a superscript and a subscript form (citation-js's table, with the letters Unicode has). */
const SUPER: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...'0123456789+-=()'].map((c, i) => [c, '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾'[i] as string])),
  i: 'ⁱ',
  n: 'ⁿ',
  T: 'ᵀ',
  '−': '⁻',
  '′': '′',
  '*': '*',
};
const SUB: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...'0123456789+-=()'].map((c, i) => [c, '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎'[i] as string])),
  ...Object.fromEntries([...'aeoxhklmnpstijruv'].map((c, i) => [c, 'ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ'[i] as string])),
  '−': '₋',
};
/** `text` raised or lowered where every character of it can be, else undefined. */
function scripted(text: string, table: Readonly<Record<string, string>>): string | undefined {
  let out = '';
  for (const c of text) {
    const s = table[c];
    if (s === undefined) return undefined;
    out += s;
  }
  return out;
}

/** Elements of markup whose tags are dropped and whose text is kept: inline HTML, JATS, MathML. */
const TAGS = new Set(
  'i b em strong u s strike del ins small big sup sub sc scp span font tt code mark q cite abbr dfn var kbd samp bdi bdo wbr br p div a italic bold underline monospace roman sans-serif overline inline-formula alternatives tex-math math mi mn mo ms mtext mrow msub msup msubsup mfrac msqrt mroot mstyle mspace mpadded mphantom mfenced menclose mover munder munderover mtable mtr mtd mmultiscripts mprescripts none semantics annotation annotation-xml'.split(
    ' ',
  ),
);
/** Elements whose content is not read: a formula's TeX source beside its MathML. */
const UNREAD = new Set(['annotation', 'annotation-xml']);
/** Elements that part words: a tag's place becomes a space. */
const BREAKING = new Set(['br', 'p', 'div']);

const TAG = /^<(\/?)(?:[A-Za-z][\w.-]{0,30}:)?([A-Za-z][\w.-]{0,30})(?:\s[^<>]*)?\/?>$/;
/** A tag escaped once or twice (&lt;i&gt;, Zotero's &amp;lt;i&amp;gt;): markup all the same, never text. */
const ESCAPED_TAG = /&(?:amp;)?lt;(\/?)(?:[A-Za-z][\w.-]{0,30}:)?([A-Za-z][\w.-]{0,30})\s*\/?\\?&(?:amp;)?gt;/y;
/** An entity, or one whose & was escaped again (&amp;lt;, &amp;amp;): one entity written twice, one character. */
const ENTITY = /&(amp;)?(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/y;
const LETTERS = /[A-Za-z]+/y;
const SIMPLE_GROUP = /\{(\\[ij]|[^{}\\$])\}|\{\}/y;
const LATEX_TAG = /(?:\{\})?[ \t]*(\}?)(\/?)([A-Za-z][\w.-]{0,30})(?:\{\\textgreater\}|\\textgreater\b(?:\{\})?)/y;
const ENV = /\s*\{[A-Za-z*]{1,30}\}/y;

/** How one group ends: what it adds at its close, and whether its content is read. */
type Frame = { close: string; unread: boolean };
type Mode = 'text' | 'bibtex' | 'stored';

/** Plain text of a title, a venue or a name from an upstream (OpenAlex, Crossref, DataCite, ORCID, dblp); '' for what is not a string. */
export const plainText = (v: unknown): string => (typeof v === 'string' ? convert(v, 'text') : '');

/**
 * A BibTeX field's LaTeX with its commands, math and markup made Unicode, its braces kept (a name's grouping
 * and a title's case protection are citation-js's to read) and the characters citation-js reads as LaTeX
 * escaped again: what the BibTeX import gives citation-js.
 */
export const plainLatex = (v: string): string => convert(v, 'bibtex');

/** citation-js's "undefined" before an accent's mark (its reading of {\^{}}), for the accent it was. */
const UNDEFINED = /undefined([\u0300-\u036f])/g;
const SPACING_OF_MARK = new Map([...SPACING].flatMap(([command, spacing]) => (MARKS.has(command) ? [[MARKS.get(command) as string, spacing]] : [])));

/**
 * A stored title's, venue's or name's text with only what is surely LaTeX or markup made plain: known
 * commands (also as the old import left them glued to their argument, \mboxGPT), math with a command or a
 * script in it, the tags and entities the converter knows, citation-js's "undefined"; braces, dollar signs
 * and commands it does not know stay as they are. What the migration of stored records runs
 * (server/db/migrations/2026-12-06-1201-plain-text.ts); the same text again is left as it is.
 */
export const plainStored = (v: string): string =>
  convert(
    v.replace(UNDEFINED, (_, mark: string) => SPACING_OF_MARK.get(mark) ?? ''),
    'stored',
  );

/** Commands the old import left glued to what followed them (citation-js knew neither): \quadTechnical, \mboxGPT. */
const GLUED = [...KEEP_ARGUMENT, ...Object.keys(SYMBOLS)].filter((c) => c.length >= 4 && !latex.commands[c as keyof typeof latex.commands]);
const gluedPrefix = (word: string) => {
  let best = '';
  for (const c of GLUED) if (c.length > best.length && c.length < word.length && word.startsWith(c)) best = c;
  return best;
};

/**
 * The converter. In 'text' mode braces are dropped and `$…$` is math only where it looks like math (a
 * command, a script or a brace inside, or one word: a price's dollar sign stays); runs of white space become
 * one space. In 'bibtex' mode every `$` pair is math and the rest is left for citation-js. In 'stored' mode only
 * what is surely LaTeX or markup changes (plainStored).
 */
function convert(s: string, mode: Mode): string {
  const bib = mode === 'bibtex';
  const stored = mode === 'stored';
  const out: string[] = [];
  const frames: Frame[] = [];
  let unread = 0;
  let unreadTags = 0;
  /** Arguments a command still waits for (\frac's two, \href's address), each as a group's frame. */
  let pending: Frame[] = [];
  /** Where a <sub> or <sup> began in `out`, to be lowered or raised at its close (none nested). */
  let script: { at: number; table: Readonly<Record<string, string>> } | null = null;
  /** MathML's msub/msup: their second child is the script. */
  const mathml: { name: string; children: number }[] = [];
  let mathEnd = -1;
  let mathClose = 0;
  // positions found once and reused while ahead (each search runs from where the last one ended)
  let nextGt = -2;
  let nextLt = -2;
  let nextDollar = -2;
  let nextDouble = -2;
  let nextParen = -2;
  let nextBracket = -2;
  const ahead = (cached: number, needle: string, from: number) => (cached === -1 || cached >= from ? cached : s.indexOf(needle, from));

  const emit = (text: string) => {
    if (unread === 0 && unreadTags === 0 && text) out.push(text);
  };
  /** A character that stands for itself: escaped again where citation-js would read it as LaTeX. */
  const literal = (text: string) =>
    emit(bib ? text.replace(/[{}$\\~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : `\\${c}`)) : text);
  const open = (frame: Frame) => {
    frames.push(frame);
    if (frame.unread) unread++;
    if (bib) emit('{');
  };
  const close = () => {
    const frame = frames.pop();
    if (!frame) return (bib || stored) && emit('}');
    if (bib) emit('}');
    if (frame.unread) unread--;
    emit(frame.close);
  };
  const tag = (closing: boolean, name: string) => {
    const n = name.toLowerCase();
    if (!TAGS.has(n)) return false;
    if (UNREAD.has(n)) unreadTags = Math.max(0, unreadTags + (closing ? -1 : 1));
    if (BREAKING.has(n)) emit(' ');
    if (n === 'sub' || n === 'sup') {
      if (closing && script) lower(script);
      script = closing || script ? null : { at: out.length, table: n === 'sub' ? SUB : SUPER };
    }
    if (n.startsWith('m') && n !== 'mark') {
      const top = mathml.at(-1);
      if (closing) {
        if (top?.name === n) mathml.pop();
        if (script && (mathml.at(-1)?.name === 'msub' || mathml.at(-1)?.name === 'msup') && mathml.at(-1)?.children === 2) lower(script);
        if (mathml.at(-1)?.children === 2) script = null;
      } else {
        if (top) top.children++;
        if ((top?.name === 'msub' || top?.name === 'msup') && top.children === 2) script = { at: out.length, table: top.name === 'msub' ? SUB : SUPER };
        if (mathml.length < 1000) mathml.push({ name: n, children: 0 });
      }
    }
    return true;
  };
  /** The text since a script began, raised or lowered if every character can be. */
  const lower = (from: { at: number; table: Readonly<Record<string, string>> }) => {
    if (out.length - from.at > 40) return;
    const text = out.slice(from.at).join('');
    const done = text.length <= 40 ? scripted(text, from.table) : undefined;
    if (done !== undefined) out.splice(from.at, out.length - from.at, done);
  };
  /** An accent over what follows at `at` (a letter, {x}, {\i}, or nothing): the position after it. */
  const accent = (mark: string, at: number): number => {
    SIMPLE_GROUP.lastIndex = at;
    const group = SIMPLE_GROUP.exec(s);
    let base: string | undefined;
    let end = at;
    if (group) {
      base = group[1];
      end = SIMPLE_GROUP.lastIndex;
    } else if (s.startsWith('\\i', at) && !/[A-Za-z]/.test(s[at + 2] ?? '')) [base, end] = ['\\i', at + 2];
    else if (s.startsWith('\\j', at) && !/[A-Za-z]/.test(s[at + 2] ?? '')) [base, end] = ['\\j', at + 2];
    else if (at < s.length && !/[\s{}\\$]/.test(s[at] as string)) {
      base = String.fromCodePoint(s.codePointAt(at) as number);
      end = at + base.length;
    }
    if (base === undefined) {
      literal(SPACING.get(mark) ?? '');
      return end;
    }
    const letter = base === '\\i' ? 'i' : base === '\\j' ? 'j' : base;
    emit(`${letter}${MARKS.get(mark) ?? ''}`.normalize('NFC'));
    return end;
  };
  /** `^` or `_` in math at `at`: a character or a short group (\mbox{2} too) raised or lowered; the position after. */
  const mathScript = (table: Readonly<Record<string, string>>, sign: string, at: number): number => {
    const end = s[at] === '{' ? groupEnd(s, at) : -1;
    const text = end > 0 ? convert(s.slice(at + 1, end), 'text') : /[A-Za-z0-9+\-=()*]/.test(s[at] ?? '') ? (s[at] as string) : undefined;
    if (text === undefined) {
      // a longer or a nested argument: the sign kept, the argument read as the rest is
      literal(sign);
      return at;
    }
    const done = scripted(text, table);
    literal(done ?? (text.length > 1 ? `${sign}(${text})` : `${sign}${text}`));
    return end > 0 ? end + 1 : at + 1;
  };
  /** A tag written with \textless and \textgreater at `at` (after \textless): read as the tag, `i` moved past it. */
  const latexTag = (at: number): boolean => {
    LATEX_TAG.lastIndex = at;
    const m = LATEX_TAG.exec(s);
    if (!m || !TAGS.has((m[3] as string).toLowerCase())) return false;
    if (m[1]) close();
    tag(m[2] === '/', m[3] as string);
    i = LATEX_TAG.lastIndex;
    return true;
  };
  /** Whether `$` at `i`, closed at `j`, opens math (text mode: not a price's dollar sign). */
  const isMath = (i: number, j: number) => {
    if (bib) return true;
    const inner = s.slice(i + 1, j);
    if (stored) return /[\\^_]/.test(inner);
    return inner.trim() !== '' && (/[\\^_{]/.test(inner) || (inner.length <= 30 && !/\s/.test(inner) && !/^\d/.test(inner)));
  };

  let i = 0;
  while (i < s.length) {
    if (mathEnd >= 0 && i >= mathEnd) {
      i = Math.max(i, mathEnd + mathClose);
      mathEnd = -1;
      continue;
    }
    const c = s[i] as string;
    const math = mathEnd >= 0;
    if (pending.length > 0 && !/\s/.test(c)) {
      const frame = pending.shift() as Frame;
      if (c === '{') {
        open(frame);
        i++;
        continue;
      }
      if (c !== '\\' && c !== '}' && c !== '$') {
        if (!frame.unread) {
          literal(c);
          emit(frame.close);
        }
        i++;
        continue;
      }
      pending = [];
    }
    if (c === '\\') {
      const next = s[i + 1];
      if (next === undefined) {
        if (stored) emit(c);
        i++;
        continue;
      }
      LETTERS.lastIndex = i + 1;
      const word = LETTERS.exec(s)?.[0];
      if (word) {
        let end = i + 1 + word.length;
        let afterSpaces = end;
        while (afterSpaces < s.length && (s[afterSpaces] === ' ' || s[afterSpaces] === '\t')) afterSpaces++;
        // a control word takes the spaces after it (TeX's rule), outside math
        const taken = math || stored ? end : afterSpaces;
        if (word === 'begin' || word === 'end') {
          ENV.lastIndex = end;
          if (ENV.exec(s)) end = ENV.lastIndex;
          i = end;
        } else if (MARKS.has(word)) {
          i = accent(word, afterSpaces);
        } else if (word === 'i' || word === 'j') {
          emit(COMMANDS.get(word) as string);
          i = taken;
        } else if (KEEP_ARGUMENT.has(word)) {
          if (word === 'textsuperscript' || word === 'textsubscript') {
            i = mathScript(word === 'textsubscript' ? SUB : SUPER, word === 'textsubscript' ? '_' : '^', afterSpaces);
          } else {
            // its argument's braces are the command's (a brace of its own stays in a stored text)
            pending = [{ close: '', unread: false }];
            i = afterSpaces;
          }
        } else if (DECLARATIONS.has(word)) {
          i = taken;
        } else if (word === 'frac' || word === 'tfrac' || word === 'dfrac') {
          pending = [
            { close: '/', unread: false },
            { close: '', unread: false },
          ];
          i = afterSpaces;
        } else if (word === 'sqrt') {
          emit('√');
          i = afterSpaces;
        } else if (word === 'href') {
          pending = [
            { close: '', unread: true },
            { close: '', unread: false },
          ];
          i = afterSpaces;
        } else if (word === 'enquote' || word === 'mkbibquote') {
          emit('“');
          pending = [{ close: '”', unread: false }];
          i = afterSpaces;
        } else if (word === 'textless' && latexTag(end)) {
          // Zotero's export writes a title's <scp> as {\textless}scp{\textgreater}: markup all the same
        } else if (COMMANDS.has(word)) {
          literal(COMMANDS.get(word) as string);
          i = taken;
        } else {
          const glued = stored ? gluedPrefix(word) : '';
          if (glued) {
            literal(COMMANDS.get(glued) ?? '');
            i = i + 1 + glued.length;
          } else {
            // a command not known: its name as a word, never a backslash (kept as written in a stored text)
            emit(stored ? `\\${word}` : s[end] === '{' ? `${word} ` : word);
            i = end;
          }
        }
        continue;
      }
      // \& may begin an entity or an escaped tag whose & a BibTeX writer escaped (Zotero's \&amp;lt;i\&amp;gt;)
      if (next === '&') {
        i++;
        continue;
      }
      i += 2;
      if (next === '\\') emit(' ');
      else if (SPACING.has(next)) i = accent(next, i);
      else if ('%$#_{}'.includes(next)) literal(next);
      else if (' ,;:>'.includes(next) || next === '\n') emit(' ');
      else if (next === '(' || next === '[') {
        if (next === '(') nextParen = ahead(nextParen, '\\)', i);
        else nextBracket = ahead(nextBracket, '\\]', i);
        const found = next === '(' ? nextParen : nextBracket;
        if (!math && found >= 0) {
          mathEnd = found;
          mathClose = 2;
        } else if (stored) emit(`\\${next}`);
      } else if (stored && !'-/@!)]'.includes(next)) emit(`\\${next}`);
      else if (next !== ')' && next !== ']' && !'-/@!'.includes(next)) literal(next);
      continue;
    }
    if (c === '$' && !math) {
      const display = s[i + 1] === '$';
      const from = i + (display ? 2 : 1);
      nextDollar = ahead(nextDollar, '$', from);
      // an escaped dollar (\$) closes nothing
      while (nextDollar > 0 && s[nextDollar - 1] === '\\') nextDollar = s.indexOf('$', nextDollar + 1);
      if (display && nextDollar >= 0) nextDouble = ahead(nextDouble, '$$', nextDollar);
      const end = display ? (nextDollar >= 0 ? nextDouble : -1) : nextDollar;
      if (end >= 0 && isMath(i + (display ? 1 : 0), end)) {
        mathEnd = end;
        mathClose = display ? 2 : 1;
        i = from;
      } else {
        literal('$');
        i++;
      }
      continue;
    }
    if (math && (c === '^' || c === '_')) {
      i = mathScript(c === '_' ? SUB : SUPER, c, i + 1);
      continue;
    }
    if (c === '{') {
      if (stored) emit('{');
      open({ close: stored ? '}' : '', unread: false });
      i++;
      continue;
    }
    if (c === '}') {
      close();
      i++;
      continue;
    }
    if (c === '<') {
      nextGt = ahead(nextGt, '>', i);
      nextLt = ahead(nextLt, '<', i + 1);
      if (nextGt >= 0 && (nextLt < 0 || nextGt < nextLt) && nextGt - i < 1000) {
        const m = TAG.exec(s.slice(i, nextGt + 1));
        if (m && tag(m[1] === '/', m[2] as string)) {
          i = nextGt + 1;
          continue;
        }
      }
      literal(c);
      i++;
      continue;
    }
    if (c === '&') {
      ESCAPED_TAG.lastIndex = i;
      const escaped = ESCAPED_TAG.exec(s);
      if (escaped && tag(escaped[1] === '/', escaped[2] as string)) {
        i = ESCAPED_TAG.lastIndex;
        continue;
      }
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(s);
      if (entity) {
        literal(decodeHTML(`&${entity[2]};`));
        i = ENTITY.lastIndex;
        continue;
      }
      emit(c);
      i++;
      continue;
    }
    if (mode === 'text' && /\s/.test(c)) {
      emit(' ');
      i++;
      continue;
    }
    // a run of ordinary characters at once
    let end = i + 1;
    while (end < s.length && !SPECIAL.has(s[end] as string)) end++;
    emit(s.slice(i, end));
    i = end;
  }
  const text = out.join('');
  if (bib || (stored && text === s)) return text;
  return text.replace(/ {2,}/g, ' ').trim();
}

/** The closing brace of the group opening at `at`, if it closes within 60 characters (a script's argument), else -1. */
function groupEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length && i < at + 60; i++) {
    const c = s[i];
    if (c === '$') return -1;
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Characters that start something the converter reads. */
const SPECIAL = new Set(['\\', '$', '^', '_', '{', '}', '<', '&', ' ', '\t', '\n', '\r', '\f', '\v', '\u00a0']);
