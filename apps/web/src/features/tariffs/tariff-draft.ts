import {
  INPUT,
  TARIFFS,
  type Tariff,
  type TariffInput,
  type TariffType,
  tariffInputSchema,
} from "@fonika/shared";
import { formatRoubles } from "../../lib/format.ts";
import { parseRoubles, roublesFieldValue } from "./money.ts";

/**
 * The tariff form's state: every field as typed (prices as text), rows
 * keyed for React, ids kept from the stored tariff so that an edit keeps
 * its features and items (and subscriptions their choice).
 */

export interface ItemDraft {
  key: string;
  id?: string;
  name: string;
  approvalRequired: boolean;
  price: string;
}

export interface FeatureDraft {
  key: string;
  id?: string;
  name: string;
  recurrent: boolean;
  items: ItemDraft[];
}

export interface BenefitDraft {
  key: string;
  text: string;
}

export interface PlaylistChoice {
  id: string;
  name: string;
}

export interface TariffDraft {
  type: TariffType;
  name: string;
  description: string;
  active: boolean;
  price: string;
  basePrice: string;
  features: FeatureDraft[];
  benefits: BenefitDraft[];
  playlists: PlaylistChoice[];
}

/** Messages by field path: 'name', 'price', 'features.0.items.1.price', 'benefits.2'. */
export type DraftErrors = Record<string, string>;

let lastKey = 0;
/** A key for a new row, unique for the page's life. */
export function nextRowKey(): string {
  lastKey += 1;
  return `row-${lastKey}`;
}

export function emptyItem(): ItemDraft {
  return { key: nextRowKey(), name: "", approvalRequired: false, price: "0" };
}

export function emptyFeature(): FeatureDraft {
  return { key: nextRowKey(), name: "", recurrent: true, items: [emptyItem()] };
}

export function emptyBenefit(): BenefitDraft {
  return { key: nextRowKey(), text: "" };
}

export function emptyDraft(): TariffDraft {
  return {
    type: "basic",
    name: "",
    description: "",
    active: true,
    price: "",
    basePrice: "",
    features: [],
    benefits: [],
    playlists: [],
  };
}

/** The form's state for a stored tariff. */
export function draftOf(tariff: Tariff): TariffDraft {
  return {
    type: tariff.type,
    name: tariff.name,
    description: tariff.description,
    active: tariff.active,
    price: roublesFieldValue(tariff.price),
    basePrice: roublesFieldValue(tariff.basePrice),
    features: tariff.features.map((feature) => ({
      key: nextRowKey(),
      id: feature.id,
      name: feature.name,
      recurrent: feature.recurrent,
      items: feature.items.map((item) => ({
        key: nextRowKey(),
        id: item.id,
        name: item.name,
        approvalRequired: item.approvalRequired,
        price: roublesFieldValue(item.price),
      })),
    })),
    benefits: tariff.benefits.map((text) => ({ key: nextRowKey(), text })),
    playlists: tariff.playlists.map(({ id, name }) => ({ id, name })),
  };
}

const NOT_A_NUMBER = "Введите цену числом, например 1490 или 1490,50";
const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * The Russian message for a contract issue at `path`. The contract's own
 * checks written for people (kopecks, price above the base price) speak
 * Russian and are shown as they are, as the API shows them; zod's generic
 * ones are named after their field.
 */
function messageOf(path: readonly PropertyKey[], code: string, message: string): string {
  if (CYRILLIC.test(message)) return message;
  const field = String(path[path.length - 1] ?? "");
  const isPrice = field === "price" || field === "basePrice";
  const inBenefits = path[0] === "benefits";
  if (isPrice) {
    if (code === "too_big") return `Цена не больше ${formatRoubles(TARIFFS.maxPrice)}`;
    if (code === "too_small") return "Цена не может быть отрицательной";
    return NOT_A_NUMBER;
  }
  if (field === "description") return `Не больше ${TARIFFS.maxDescription} символов`;
  if (path.length === 1 && field === "features") {
    return `Не больше ${TARIFFS.maxFeatures} функций`;
  }
  if (field === "items") return `Не больше ${TARIFFS.maxItemsPerFeature} позиций в функции`;
  if (path.length === 1 && inBenefits) return `Не больше ${TARIFFS.maxBenefits} преимуществ`;
  if (code === "too_big") return `Не больше ${INPUT.defaultMax} символов`;
  if (inBenefits) return "Введите преимущество";
  return "Введите название";
}

/** A price field as a number for the contract; NaN when it is not one. */
function priceOf(text: string): number {
  return parseRoubles(text) ?? Number.NaN;
}

/**
 * The tariff as the API takes it, checked by the same `tariffInputSchema`
 * the server uses, or the messages by field when it does not pass.
 */
export function checkDraft(
  draft: TariffDraft,
): { input: TariffInput; errors: null } | { input: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const price = (path: string, text: string) => {
    const value = priceOf(text);
    if (Number.isNaN(value)) errors[path] = text.trim() ? NOT_A_NUMBER : "Укажите цену";
    return Number.isNaN(value) ? 0 : value;
  };
  const input: TariffInput = {
    type: draft.type,
    name: draft.name,
    description: draft.description,
    active: draft.active,
    price: price("price", draft.price),
    basePrice: price("basePrice", draft.basePrice),
    features: draft.features.map((feature, featureIndex) => ({
      ...(feature.id ? { id: feature.id } : {}),
      name: feature.name,
      recurrent: feature.recurrent,
      items: feature.items.map((item, itemIndex) => ({
        ...(item.id ? { id: item.id } : {}),
        name: item.name,
        approvalRequired: item.approvalRequired,
        price: price(`features.${featureIndex}.items.${itemIndex}.price`, item.price),
      })),
    })),
    benefits: draft.benefits.map((benefit) => benefit.text),
    playlistIds: draft.playlists.map((playlist) => playlist.id),
  };
  const result = tariffInputSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join(".");
      errors[path] ??= messageOf(issue.path, issue.code, issue.message);
    }
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: result.success ? result.data : input, errors: null };
}
