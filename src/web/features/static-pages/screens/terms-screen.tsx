import { LegalDocumentPage } from '../components/legal-document';
import { TERMS } from '../content/legal';

/** /terms (spec part 2 §2), for visitors and signed-in users alike. */
export default function TermsScreen() {
  return <LegalDocumentPage doc={TERMS} />;
}
