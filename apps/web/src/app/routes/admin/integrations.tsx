import { Page, Section } from "../../../components/ui/page.tsx";
import { ROUTES } from "../../../config/routes.ts";
import { LeadsTable } from "../../../features/leads/components/leads-table.tsx";

/** Admin: leads sent from the landing page and their forwarding to amoCRM. */
export default function IntegrationsScreen() {
  return (
    <Page
      title={ROUTES.Integrations.title}
      description="Заявки с формы на главной странице и их передача в amoCRM."
    >
      <Section title="Заявки с сайта">
        <LeadsTable />
      </Section>
    </Page>
  );
}
