import base, { restrictEnvAccess } from '@app/eslint-config/base';

// The type-checked configs come once the data-layer rewrite has landed (see tooling/eslint/base.js).
export default [...base, ...restrictEnvAccess];
