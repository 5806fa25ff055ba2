// A test catalogue (locale.test.ts): a few French strings, the rest left to English, as a partial catalogue is.
import type { Strings } from '../strings.ts';

const strings: Strings = {
  'main.header': 'Inscrivez-vous ou connectez-vous',
  'main.continue': 'Continuer',
};
export default strings;
