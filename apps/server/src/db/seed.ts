import type { Role } from "@fonika/shared";
import type { Executor } from "./client.ts";
import { users } from "./schema.ts";

/** One demo account per role, for trying Фоника locally. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}> = [
  { email: "admin@fonika.local", role: "role-admin", firstName: "Анна", lastName: "Админова" },
  {
    email: "content@fonika.local",
    role: "role-content-manager",
    firstName: "Кирилл",
    lastName: "Контентов",
  },
  {
    email: "manager@fonika.local",
    role: "role-client-manager",
    firstName: "Мария",
    lastName: "Менеджерова",
  },
  {
    email: "support@fonika.local",
    role: "role-support",
    firstName: "Сергей",
    lastName: "Саппортов",
  },
  { email: "client@fonika.local", role: "role-client", firstName: "Ольга", lastName: "Кофейнова" },
];

/**
 * Creates the demo accounts that do not exist yet (by e-mail) and answers
 * the e-mails it created. Existing accounts are left as they are.
 */
export async function seedDemoAccounts(db: Executor): Promise<string[]> {
  const now = new Date();
  const rows = await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        authority: [account.role],
        firstName: account.firstName,
        lastName: account.lastName,
        type: account.role === "role-client" ? "individual" : null,
        agreementAcceptedAt: account.role === "role-client" ? now : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: users.email });
  return rows.map((row) => row.email ?? "");
}
