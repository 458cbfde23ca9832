import Prism from 'prismjs';

// Redoc's Prism language definitions expect Prism as a global. Imported before Redoc, so it is set
// by the time they load; only the reference pages load this module.
(globalThis as { Prism?: typeof Prism }).Prism = Prism;
