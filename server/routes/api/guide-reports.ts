import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorReply } from "../../../common/api/fields.ts";
import { GUIDE_REPORT_LIMITED, GUIDE_REPORT_RECEIVED } from "../../../common/api/guide-reports.ts";
import { type GuideReportDeps, reportOutdatedGuide } from "../../services/guide-reports.ts";

/** The guides' "Something looks different?" button: the report goes to the contact inbox, tagged with the guide. */
export async function guideReportRoutes(fastify: FastifyInstance, { deps }: { deps: GuideReportDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guideReport = app.endpointTable["POST /api/guide-reports"];
  app.post(
    "/api/guide-reports",
    {
      config: { stateChanging: true, public: "an anonymous report about a public page, limited per network" },
      bodyLimit: 16 * 1024,
      schema: { body: guideReport.body, response: { 200: guideReport.reply, "4xx": errorReply } },
    },
    async (request, reply) => {
      const { page, step, note, email } = request.body;
      const result = await reportOutdatedGuide(deps, { page, step, note, email, ip: request.ip });
      if (!result.ok && result.reason === "unknown-guide") return reply.code(404).send({ err_msg: "Unknown guide." });
      if (!result.ok) return reply.code(429).send({ err_msg: GUIDE_REPORT_LIMITED });
      request.log.info({ contactMessageId: result.id, guide: page }, "guide report stored");
      return { suc_msg: GUIDE_REPORT_RECEIVED };
    },
  );
}
