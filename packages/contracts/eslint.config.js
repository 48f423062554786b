import base, { typeChecked } from '@app/eslint-config/base';

/**
 * Every object the API accepts is strict, at every depth: a key the contract does not define is refused, never
 * dropped (a dropped key once widened a bulk action's filter to every account). Strict is the only way here.
 */
const strictObjects = {
  files: ['src/**/*.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'z', property: 'object', message: 'Use z.strictObject: unknown keys must be refused.' },
      { object: 'z', property: 'looseObject', message: 'Use z.strictObject: unknown keys must be refused.' },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: 'CallExpression[callee.property.name=/^(passthrough|strip|loose)$/]',
        message: 'Objects stay strict: unknown keys must be refused.',
      },
    ],
  },
};

export default [...base, ...typeChecked, strictObjects];
