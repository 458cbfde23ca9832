// What `mermaid.registerLayoutLoaders` receives in place of the ELK layouts: none (see index.ts).
export default [];
