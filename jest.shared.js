// One SWC set-up shared by every workspace's jest config: TypeScript and TSX compiled to ES
// modules, with the legacy decorators and metadata NestJS relies on.
export const swcOptions = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    transform: {
      legacyDecorator: true,
      decoratorMetadata: true,
      react: { runtime: 'automatic' },
    },
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export const swcTypeScriptTransform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions],
};
