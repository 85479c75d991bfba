import { defineContract } from "~/server/api/contract";
import { ZGetTeamRequest, ZGetTeamResponse } from "./get.types";

/** The contract of GET /v1/team/ (server/api/contract.ts). */

export const getTeamContract = defineContract({
  method: "GET",
  path: "/team/",
  scope: "team:read",
  input: ZGetTeamRequest,
  output: ZGetTeamResponse,
  operationId: "getTeam",
  tag: "Team",
  summary: "Get your team",
  description: `Returns your team (\`id\`, \`name\`, \`created_at\`), your \`role\` in it (\`owner\`, \`admin\` or \`member\`) and its
\`members\` with their roles. An account is in at most one team; teams are managed in the workspace (Settings, Team) and
with \`vmon teams\`. \`data\` is \`null\` when you are in no team. Membership is read on every request: a member removed
from the team gets \`data: null\` from the next request on. The team's shared folders and saved filters are listed by
GET /v1/cards/folders/ and GET /v1/cards/filters/ (\`visibility: "team"\`). Takes no parameters.`,
  returns: "Your team, your role and its members",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "team", order: 1, description: "Your team and its members" },
  examples: {
    response: {
      data: {
        team: { id: 3, name: "Northwind Ventures", created_at: "2026-11-02T09:12:44.381Z" },
        role: "admin",
        members: [
          { id: 41, email: "dana@fund.example", name: "Dana", role: "owner" },
          { id: 7, email: "analyst@fund.example", name: null, role: "admin" },
          { id: 52, email: "sam@fund.example", name: "Sam", role: "member" },
        ],
      },
    },
  },
});
