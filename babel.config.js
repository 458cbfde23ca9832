// Docusaurus builds with SWC; this file serves Jest (through babel-jest) and any Babel-based tool.
// Jest runs in Node and needs CommonJS modules, which Docusaurus's browser preset leaves as ESM.
module.exports = (api) => {
  const isJest = api.caller((caller) => caller?.name === 'babel-jest');
  if (isJest) {
    return {
      presets: [
        [require.resolve('@babel/preset-env'), { targets: { node: 'current' } }],
        [require.resolve('@babel/preset-react'), { runtime: 'automatic' }],
        require.resolve('@babel/preset-typescript'),
      ],
    };
  }
  return { presets: [require.resolve('@docusaurus/core/lib/babel/preset')] };
};
