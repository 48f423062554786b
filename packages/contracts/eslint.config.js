import base, { typeChecked } from '@app/eslint-config/base';

export default [...base, ...typeChecked];
