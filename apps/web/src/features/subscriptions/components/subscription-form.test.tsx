import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  buildEstablishment,
  buildOrganization,
  buildTariff,
} from "../../../test/tariffs-factories.ts";
import { SubscriptionForm } from "./subscription-form.tsx";

describe("the subscription form's venue", () => {
  it("chooses the asked-for venue once a fresh list brings it, after opening on a cached one without it", () => {
    const tariff = buildTariff({ name: "Старт" });
    const venue = buildEstablishment({ name: "Кофейня «Первая»", address: "Москва, Покровка, 3" });
    const props = {
      tariffs: [tariff],
      organizations: [buildOrganization()],
      initial: { establishmentId: venue.id },
      submitLabel: "Подписаться",
      noOrganizations: null,
      noPaymentMethods: null,
      onSubmit: async () => {},
    };
    // The cache still held the list from before the venue was added.
    const { rerender } = render(<SubscriptionForm {...props} establishments={[]} />);
    rerender(<SubscriptionForm {...props} establishments={[venue]} />);
    const select = screen.getByLabelText<HTMLSelectElement>("Заведение");
    expect(select.value).toBe(venue.id);
  });

  it("keeps what the client picked over the asked-for venue", async () => {
    const tariff = buildTariff({ name: "Старт" });
    const asked = buildEstablishment({ name: "Бар" });
    const other = buildEstablishment({ name: "Кофейня" });
    const props = {
      tariffs: [tariff],
      organizations: [buildOrganization()],
      initial: { establishmentId: asked.id },
      submitLabel: "Подписаться",
      noOrganizations: null,
      noPaymentMethods: null,
      onSubmit: async () => {},
      establishments: [asked, other],
    };
    const { rerender } = render(<SubscriptionForm {...props} />);
    const select = screen.getByLabelText<HTMLSelectElement>("Заведение");
    expect(select.value).toBe(asked.id);
    await userEvent.selectOptions(select, other.id);
    rerender(<SubscriptionForm {...props} establishments={[other, asked]} />);
    expect(select.value).toBe(other.id);
  });
});
