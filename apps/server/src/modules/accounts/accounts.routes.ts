import { accountsApi } from "@fonika/shared";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../lib/endpoint-route.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { AccountService } from "./account.service.ts";
import type { ProfileService } from "./profile.service.ts";

export interface AccountsRoutesOptions {
  accounts: AccountService;
  profiles: ProfileService;
  /** Where avatars are stored. */
  files: FileStore;
}

/**
 * Accounts: the /personal-info calls of SPEC.md §7 (profiles, avatar, the
 * client base's users list) and the /auth/role and /auth/account calls
 * (roles, create, block, unblock, delete).
 */
export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { accounts, profiles, files } = options;
  registerEndpoint(app, accountsApi.createPersonalInfo, ({ actor, body }) =>
    profiles.create(actor, body),
  );
  registerEndpoint(app, accountsApi.listUsers, ({ actor, query }) => profiles.list(actor, query));
  registerEndpoint(app, accountsApi.getPersonalInfo, ({ actor, params }) =>
    profiles.get(actor, params.userId),
  );
  registerEndpoint(app, accountsApi.changePersonalInfo, ({ actor, params, body }) =>
    profiles.change(actor, params.userId, body),
  );
  registerEndpoint(app, accountsApi.changeIndividualInfo, ({ actor, params, body }) =>
    profiles.changeIndividual(actor, params.userId, body),
  );
  registerEndpoint(app, accountsApi.getAvatar, async ({ actor, params, request, reply }) =>
    sendStoredFile(files, request, reply, await profiles.avatarFile(actor, params.userId)),
  );
  registerEndpoint(app, accountsApi.changeAvatar, ({ actor, params, upload }) =>
    profiles.changeAvatar(actor, params.userId, upload),
  );
  registerEndpoint(app, accountsApi.signAgreement, async ({ actor, params }) => {
    await profiles.signAgreement(actor, params.userId);
    return { ok: true as const };
  });

  registerEndpoint(app, accountsApi.listCreatableRoles, async ({ actor }) => ({
    roles: accounts.creatableRoles(actor),
  }));
  registerEndpoint(app, accountsApi.createUser, ({ actor, body }) =>
    accounts.createUser(actor, body),
  );
  registerEndpoint(app, accountsApi.changeRole, ({ actor, params, body }) =>
    accounts.changeRole(actor, params.userId, body.newRole),
  );
  registerEndpoint(app, accountsApi.blockAccount, async ({ actor, params }) => {
    await accounts.block(actor, params.userId);
    return { ok: true as const };
  });
  registerEndpoint(app, accountsApi.unblockAccount, async ({ actor, params }) => {
    await accounts.unblock(actor, params.userId);
    return { ok: true as const };
  });
  registerEndpoint(app, accountsApi.deleteAccount, async ({ actor, params }) => {
    await accounts.deleteAccount(actor, params.userId);
    return { ok: true as const };
  });
}
