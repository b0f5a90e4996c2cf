import { useParams } from 'react-router';
import { AREA_LABELS, isArea } from '../../../../shared/domain/areas';
import { ButtonLink } from '../../../components/ui/button';
import { ComingSoon, Page, PageHeader } from '../../../components/ui/page';

/** /category/:categoryId — placeholder: the area's heading, or 'Category Not Found' for an unknown name. */
export default function CategoryScreen() {
  const { categoryId = '' } = useParams();
  if (!isArea(categoryId)) {
    return (
      <Page>
        <PageHeader title="Category Not Found" backTo="/" />
        <ButtonLink to="/" block>
          Return to Dashboard
        </ButtonLink>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title={AREA_LABELS[categoryId]} backTo="/" />
      <ComingSoon>Coming with category insights: your score gauge, insights and improvement tips.</ComingSoon>
    </Page>
  );
}
