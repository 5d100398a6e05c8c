import { useDocumentTitle } from '../components/use-document-title';

/** The spec's placeholder: only the word 'Help'. */
export function Help() {
  useDocumentTitle('Help');
  return (
    <div className="page narrow">
      <h1>Help</h1>
    </div>
  );
}
