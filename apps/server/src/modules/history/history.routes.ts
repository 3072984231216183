import { Readable } from "node:stream";
import { historyApi, REPORT_MEDIA_TYPE, type ReportFormat } from "@fonika/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { HistoryService } from "./history.service.ts";

/** The broadcast history calls: per player (SPEC.md §7), per establishment, and royalty reports. */
export async function historyRoutes(app: FastifyInstance, options: { history: HistoryService }) {
  const { history } = options;
  registerEndpoint(app, historyApi.playerHistory, ({ actor, params, query }) =>
    history.ofPlayer(actor, params.id, query),
  );
  registerEndpoint(app, historyApi.broadcastHistoryInfo, ({ actor, params, query }) =>
    history.idsOfPlayer(actor, params.id, query),
  );
  registerEndpoint(app, historyApi.establishmentHistory, ({ actor, params, query }) =>
    history.ofEstablishment(actor, params.id, query),
  );
  registerEndpoint(app, historyApi.establishmentReport, async ({ actor, params, query, reply }) =>
    sendReport(
      reply,
      await history.establishmentReport(actor, params.id, query),
      `${reportName(query.format)}-${query.from}-${query.to}.csv`,
    ),
  );
  registerEndpoint(app, historyApi.allVenuesReport, async ({ actor, query, reply }) =>
    sendReport(
      reply,
      await history.allVenuesReport(actor, query),
      `${reportName(query.format)}-all-${query.from}-${query.to}.csv`,
    ),
  );
  registerEndpoint(app, historyApi.copyrightHoldersReport, async ({ actor, query, reply }) =>
    sendReport(
      reply,
      await history.copyrightHoldersReport(actor, query),
      `copyright-holders-${query.from}-${query.to}.csv`,
    ),
  );
}

/** The download's name: the venues' report, or the collecting society's. */
const reportName = (format: ReportFormat) => (format === "society" ? "society-report" : "report");

/** Streams a report's lines as a CSV download while they are read. */
function sendReport(reply: FastifyReply, lines: AsyncIterable<string>, fileName: string) {
  return reply
    .type(`${REPORT_MEDIA_TYPE}; charset=utf-8`)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(lines));
}
