import { roleMay } from "@fonika/shared";
import { useEffect } from "react";
import { useParams } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useEnquiry } from "../../../features/support/api/get-enquiry.ts";
import { useSupportAssignees } from "../../../features/support/api/list-support-assignees.ts";
import { useMarkEnquiryRead } from "../../../features/support/api/mark-enquiry-read.ts";
import { EnquiryActions } from "../../../features/support/components/enquiry-actions.tsx";
import { EnquiryFacts } from "../../../features/support/components/enquiry-facts.tsx";
import { EnquiryReplyForm } from "../../../features/support/components/enquiry-reply-form.tsx";
import { EnquiryThread } from "../../../features/support/components/enquiry-thread.tsx";
import { useEnquiriesLive } from "../../../features/support/hooks/use-enquiries-live.ts";
import { ENQUIRY_TEXTS } from "../../../features/support/support-texts.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { EnquiryClientPlayers } from "./enquiry-client-players.tsx";

/**
 * `/support/enquiries/:id`: one enquiry with its thread, the reply box, the
 * state buttons and assignee the server allows, and (support, admin) the
 * client's players beside it. It is marked read on opening and on each
 * socket news of it while open; the news also reads it anew.
 */
export default function EnquiryScreen() {
  const { id = "" } = useParams();
  const { role } = useSessionState();
  const enquiry = useEnquiry(id);
  const markRead = useMarkEnquiryRead();
  const mark = markRead.mutate;
  const assignees = useSupportAssignees(enquiry.data?.abilities.assign ?? false);

  useEffect(() => {
    mark(id);
  }, [id, mark]);
  useEnquiriesLive((message) => {
    if (message.enquiryId === id) mark(id);
  });

  const back = <BackLink label={ENQUIRY_TEXTS.back} to={pathTo("SupportEnquiries")} />;
  if (enquiry.isPending) {
    return (
      <Page title={ROUTES.SupportEnquiry.title} actions={back}>
        <Skeleton height="8em" />
      </Page>
    );
  }
  if (enquiry.isError) {
    return (
      <Page title={ROUTES.SupportEnquiry.title} actions={back}>
        <EmptyState icon="enquiries" title={ENQUIRY_TEXTS.notFound}>
          {errorText(enquiry.error)}
        </EmptyState>
      </Page>
    );
  }

  const current = enquiry.data;
  const panel = current.abilities.controlPlayers;
  return (
    <Page title={`Обращение №${current.number}`} description={current.subject} actions={back}>
      <div className={`enquiry-layout${panel ? "" : " enquiry-layout--single"}`}>
        <div className="enquiry-layout__main">
          <Section title="Сведения">
            <EnquiryFacts enquiry={current} />
            <EnquiryActions
              enquiry={current}
              staff={!roleMay(role, "askSupport")}
              assignees={assignees.data ?? []}
            />
          </Section>
          <Section title={ENQUIRY_TEXTS.thread}>
            <EnquiryThread events={current.events} />
            {current.abilities.reply && <EnquiryReplyForm enquiryId={current.id} />}
          </Section>
        </div>
        {panel && <EnquiryClientPlayers enquiryId={current.id} clientId={current.client.id} />}
      </div>
    </Page>
  );
}
