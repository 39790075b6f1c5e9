// opencc-js ships its dictionaries as modules of their own (dist/esm-lib/dict/*.js, exported as
// `opencc-js/dict/*`), each a text of "from to|from to|…", without declarations.
declare module 'opencc-js/dict/*' {
  const dict: string;
  export default dict;
}
