import { Tokenizer } from 'htmlparser2';

// htmlparser2's tokenizer alone: one linear pass over the text, no tree (its parser's tree costs grow with
// nesting). The callers name the events they use; every other event does nothing.

type Callbacks = ConstructorParameters<typeof Tokenizer>[1];

const none = () => {};
const silent: Callbacks = {
  onattribdata: none,
  onattribentity: none,
  onattribend: none,
  onattribname: none,
  oncdata: none,
  onclosetag: none,
  oncomment: none,
  ondeclaration: none,
  onend: none,
  onopentagend: none,
  onopentagname: none,
  onprocessinginstruction: none,
  onselfclosingtag: none,
  ontext: none,
  ontextentity: none,
};

/** Runs the tokenizer over `html` with these callbacks (entities decoded unless said otherwise). */
export function scanHtml(html: string, callbacks: Partial<Callbacks>, { decodeEntities = true } = {}): void {
  const tokenizer = new Tokenizer({ decodeEntities }, { ...silent, ...callbacks });
  tokenizer.write(html);
  tokenizer.end();
}
