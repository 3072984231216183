import {
  ENQUIRY_STATES,
  ENQUIRY_TOPICS,
  type EnquirySummary,
  type EnquiryTopic,
  MESSAGES,
  mayCall,
  roleMay,
  supportApi,
} from "@fonika/shared";
import { useCallback } from "react";
import { Link, Navigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import {
  type EnquiryStateFilter,
  useEnquiries,
} from "../../../features/support/api/list-enquiries.ts";
import { useSupportAssignees } from "../../../features/support/api/list-support-assignees.ts";
import {
  type AssigneeFilter,
  EnquiriesFilters,
} from "../../../features/support/components/enquiries-filters.tsx";
import { EnquiriesTable } from "../../../features/support/components/enquiries-table.tsx";
import { useEnquiriesLive } from "../../../features/support/hooks/use-enquiries-live.ts";
import { ENQUIRY_TEXTS } from "../../../features/support/support-texts.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { pageOf, searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";

/** The address-bar parameters of the list; `page` counts from 1 there. */
const PARAMS = {
  query: "query",
  state: "state",
  topic: "topic",
  assignee: "assignee",
  clientId: "clientId",
  page: "page",
  /** An enquiry to open (the link of the support's e-mail). */
  id: "id",
} as const;

const STATE_FILTERS: readonly EnquiryStateFilter[] = ["open", ...ENQUIRY_STATES];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

/** An assignee filter from the address bar: mine, none, or a person's id. */
function assigneeOf(value: string | null): AssigneeFilter | undefined {
  if (value === "mine" || value === "none") return value;
  return value && UUID.test(value) ? value : undefined;
}

/**
 * `/support/enquiries`: a client's own enquiries, or (staff) everyone's
 * with filters by state, topic, assignee and client, and a text search;
 * all of them in the address bar, any change but the page's starting from
 * the first page. `?id=` opens that enquiry. The list follows the socket's
 * `supportEnquiry` news.
 */
export default function EnquiriesScreen() {
  const { role, userId } = useSessionState();
  const [searchParams, update] = useUpdateSearchParams();
  // Staff who see every enquiry filter by topic and assignee: whoever lists the assignees.
  const staffFilters = mayCall(supportApi.listSupportAssignees, role);
  const showClient = !roleMay(role, "askSupport");
  const openId = searchParams.get(PARAMS.id);
  const query = searchQueryOf(searchParams, PARAMS.query);
  const state = oneOf(STATE_FILTERS, searchParams.get(PARAMS.state));
  const topic = staffFilters ? oneOf(ENQUIRY_TOPICS, searchParams.get(PARAMS.topic)) : undefined;
  const assignee = staffFilters ? assigneeOf(searchParams.get(PARAMS.assignee)) : undefined;
  const clientText = searchParams.get(PARAMS.clientId);
  const clientId = showClient && clientText && UUID.test(clientText) ? clientText : undefined;
  const page = pageOf(searchParams.get(PARAMS.page));

  const enquiries = useEnquiries({
    page,
    query,
    state,
    topic,
    clientId,
    assigneeId: assignee === "mine" ? (userId ?? undefined) : assignee,
  });
  const assignees = useSupportAssignees(staffFilters);
  useEnquiriesLive();

  const setParams = useCallback(
    (changes: Record<string, string | undefined>) =>
      update({ ...changes, [PARAMS.page]: undefined }),
    [update],
  );
  const handleSearch = useCallback(
    (text: string) => setParams({ [PARAMS.query]: text }),
    [setParams],
  );
  const handleReset = () =>
    setParams({
      [PARAMS.query]: undefined,
      [PARAMS.state]: undefined,
      [PARAMS.topic]: undefined,
      [PARAMS.assignee]: undefined,
      [PARAMS.clientId]: undefined,
    });
  const enquiryPath = useCallback(
    (enquiry: EnquirySummary) => pathTo("SupportEnquiry", { id: enquiry.id }),
    [],
  );

  if (openId && UUID.test(openId)) {
    return <Navigate to={pathTo("SupportEnquiry", { id: openId })} replace />;
  }

  const mayCreate = canAccessRoute(ROUTES.SupportCreateEnquiry, role);
  const createLink = mayCreate ? (
    <Link className="button button--primary button--md" to={pathTo("SupportCreateEnquiry")}>
      {ENQUIRY_TEXTS.newEnquiry}
    </Link>
  ) : undefined;
  const filtered = Boolean(query || state || topic || assignee || clientId);
  const clientName = clientId ? enquiries.data?.data[0]?.client.name : undefined;

  return (
    <Page
      title={ROUTES.SupportEnquiries.title}
      description={
        showClient
          ? "Обращения клиентов: тема, клиент, статус и время последнего изменения."
          : "Ваши обращения в службу поддержки и ответы на них."
      }
      actions={createLink}
    >
      <EnquiriesFilters
        query={query}
        state={state}
        topic={topic}
        assignee={assignee}
        staff={staffFilters}
        assignees={assignees.data ?? []}
        onSearch={handleSearch}
        onStateChange={(next) => setParams({ [PARAMS.state]: next })}
        onTopicChange={(next: EnquiryTopic | undefined) => setParams({ [PARAMS.topic]: next })}
        onAssigneeChange={(next) => setParams({ [PARAMS.assignee]: next })}
      />
      {clientId && (
        <p className="enquiries-client-filter">
          {ENQUIRY_TEXTS.client}: {clientName ?? "—"}{" "}
          <Button variant="ghost" onClick={() => setParams({ [PARAMS.clientId]: undefined })}>
            Все клиенты
          </Button>
        </p>
      )}
      <EnquiriesTable
        page={enquiries.data}
        loading={enquiries.isPending}
        staff={showClient}
        pageNumber={page}
        onPageChange={(next) => update({ [PARAMS.page]: next > 0 ? String(next + 1) : undefined })}
        enquiryPath={enquiryPath}
        empty={
          enquiries.isError ? (
            <EmptyState icon="enquiries" title={ENQUIRY_TEXTS.loadFailed}>
              {errorText(enquiries.error)}
            </EmptyState>
          ) : filtered ? (
            <EmptyState
              icon="search"
              title={
                query && !state && !topic && !assignee
                  ? MESSAGES.nothingFound
                  : ENQUIRY_TEXTS.nothingMatches
              }
              action={
                <Button variant="secondary" onClick={handleReset}>
                  {ENQUIRY_TEXTS.resetFilters}
                </Button>
              }
            >
              {ENQUIRY_TEXTS.changeFilters}
            </EmptyState>
          ) : (
            <EmptyState icon="enquiries" title={ENQUIRY_TEXTS.noneYetTitle} action={createLink}>
              {mayCreate ? ENQUIRY_TEXTS.noneYetClient : ENQUIRY_TEXTS.noneYetStaff}
            </EmptyState>
          )
        }
      />
    </Page>
  );
}
