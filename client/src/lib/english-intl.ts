// The interface's words for code outside React (the editor's plain-DOM parts, upload helpers) when no IntlShape is
// given: English, the code's own default messages (docs/decisions/0042-interface-languages.md). Screens pass theirs.
import { createIntl, type IntlShape } from 'react-intl';

export const englishIntl: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en' });
