import { LegalDocumentPage } from '../components/legal-document';
import { PRIVACY } from '../content/legal';

/** /privacy (spec part 2 §2), for visitors and signed-in users alike. */
export default function PrivacyScreen() {
  return <LegalDocumentPage doc={PRIVACY} />;
}
