// citation-js's RIS plugin registers itself on import and exports nothing the import uses.
declare module '@citation-js/plugin-ris';
