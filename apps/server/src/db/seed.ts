import type { Role } from "@fonika/shared";
import type { Executor } from "./client.ts";
import { tariffFeatures, tariffItems, tariffs, users } from "./schema.ts";

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

/** The demo tariffs: the three icons of SPEC.md §1, priced in kopecks. */
export const DEMO_TARIFFS = [
  {
    type: "lite",
    name: "Лайт",
    description: "Фоновая музыка для небольшого заведения: один плеер, готовые плейлисты.",
    priceKopecks: 99_000,
    basePriceKopecks: 99_000,
    benefits: ["Лицензия на всю музыку каталога", "Готовые плейлисты по жанрам"],
    features: [
      {
        name: "Подключение",
        recurrent: false,
        items: [
          { name: "Настройка плеера специалистом", approvalRequired: false, priceKopecks: 150_000 },
        ],
      },
    ],
  },
  {
    type: "basic",
    name: "Базовый",
    description: "Расписание плейлистов по дням недели и отчёты о трансляции.",
    priceKopecks: 149_000,
    basePriceKopecks: 199_000,
    benefits: ["Расписание по дням недели", "Отчёт о прозвучавших треках"],
    features: [
      {
        name: "Оформление эфира",
        recurrent: true,
        items: [
          { name: "Голосовые объявления", approvalRequired: true, priceKopecks: 50_000 },
          { name: "Второй плеер", approvalRequired: false, priceKopecks: 30_000 },
        ],
      },
    ],
  },
  {
    type: "pro",
    name: "Про",
    description: "Сеть заведений: свои плейлисты, несколько плееров, приоритетная поддержка.",
    priceKopecks: 349_000,
    basePriceKopecks: 399_000,
    benefits: ["Персональные плейлисты", "Приоритетная поддержка", "До пяти плееров"],
    features: [
      {
        name: "Музыкальный редактор",
        recurrent: true,
        items: [{ name: "Плейлист под заведение", approvalRequired: true, priceKopecks: 200_000 }],
      },
    ],
  },
] as const;

/**
 * Creates the demo tariffs whose names no tariff has yet, with their
 * features and items; answers the names it created.
 */
export async function seedDemoTariffs(db: Executor): Promise<string[]> {
  const created: string[] = [];
  for (const tariff of DEMO_TARIFFS) {
    const { features, ...fields } = tariff;
    const [row] = await db
      .insert(tariffs)
      .values({ ...fields, benefits: [...fields.benefits] })
      .onConflictDoNothing()
      .returning({ id: tariffs.id });
    if (!row) continue;
    created.push(tariff.name);
    for (const [position, feature] of features.entries()) {
      const [made] = await db
        .insert(tariffFeatures)
        .values({ tariffId: row.id, name: feature.name, recurrent: feature.recurrent, position })
        .returning({ id: tariffFeatures.id });
      if (!made) continue;
      await db
        .insert(tariffItems)
        .values(
          feature.items.map((item, index) => ({ ...item, featureId: made.id, position: index })),
        );
    }
  }
  return created;
}
