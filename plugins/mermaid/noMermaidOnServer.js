/**
 * `mermaid` in the server bundle, where pages are prerendered: diagrams are drawn only in the browser
 * (the theme loads Mermaid in an effect), so nothing here is ever called.
 */
const mermaidOnServer = {
  initialize() {
    throw new Error('Mermaid draws diagrams in the browser only (plugins/mermaid).');
  },
  render() {
    throw new Error('Mermaid draws diagrams in the browser only (plugins/mermaid).');
  },
};

export default mermaidOnServer;
