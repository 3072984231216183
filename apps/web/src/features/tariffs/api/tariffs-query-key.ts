/** Every cached tariff answer (the offer, the admin's list, one tariff); invalidated when one changes. */
export const tariffsQueryKey = ["tariffs"] as const;
