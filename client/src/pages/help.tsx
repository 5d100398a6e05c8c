import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../components/use-document-title';

/** The spec's placeholder: only the word 'Help' (in the interface's language). */
export function Help() {
  const intl = useIntl();
  const help = intl.formatMessage({ id: 'footer.help', defaultMessage: 'Help' });
  useDocumentTitle(help);
  return (
    <div className="page narrow">
      <h1>{help}</h1>
    </div>
  );
}
