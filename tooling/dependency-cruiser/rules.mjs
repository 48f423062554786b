/** The rules both apps' dependency-cruiser configurations are written with. */

/**
 * One rule per layer: it may import only the layers listed before it.
 * @param {{ name: string; path: string }[]} layers bottom first
 */
export const backArrows = (layers) =>
  layers.slice(0, -1).map((layer, i) => ({
    name: `layers-${layer.name.replaceAll(' ', '-')}`,
    comment: `${layer.name} sits below ${layers
      .slice(i + 1)
      .map((above) => above.name)
      .join(', ')}: move what both need down instead of importing up.`,
    severity: 'error',
    from: { path: layer.path },
    to: { path: layers.slice(i + 1).map((above) => above.path) },
  }));

/** No import cycle between files, nor between folders (two modules, two features). */
export const noCycles = () => [
  {
    name: 'no-circular',
    comment: 'An import cycle: the files cannot be read, tested or moved one at a time.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'no-circular-folders',
    comment: 'Two folders import each other (two modules, say): one of them owns the shared part.',
    severity: 'error',
    scope: 'folder',
    from: {},
    to: { circular: true },
  },
];

/**
 * How both apps are read: TypeScript through their tsconfig (path aliases included), packages of the workspace
 * as their `source` files, type-only imports counted; `exclude` leaves the tests out.
 * @param {{ exclude: string[]; extensions: string[] }} app
 */
export const cruiseOptions = ({ exclude, extensions }) => ({
  doNotFollow: { path: 'node_modules' },
  exclude: { path: exclude },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['source', 'import', 'types', 'default'],
    extensions,
  },
});

/**
 * Every source file sits on one of the layers: a file on none (a new folder, a stray file at the root) would
 * import and be imported outside the layer rules, so it is refused whichever side of an import it is on.
 * @param {{ name: string; path: string }[]} layers
 */
export const onALayer = (layers) => {
  const onNone = { path: '^src/', pathNot: layers.map((layer) => layer.path) };
  return [
    {
      name: 'on-a-layer',
      comment: 'This file is on no layer: move it into one, or add its folder to the layers of this config.',
      severity: 'error',
      from: onNone,
      to: {},
    },
    {
      name: 'imports-a-file-on-no-layer',
      comment:
        'The imported file is on no layer: move it into one, or add its folder to the layers of this config.',
      severity: 'error',
      from: {},
      to: onNone,
    },
  ];
};
