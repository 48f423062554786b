import base from '@app/eslint-config/base';

export default base;
