import {
  checkInn,
  checkKpp,
  checkOgrn,
  INPUT,
  type Organization,
  type OrganizationInput,
} from "@fonika/shared";
import { useState } from "react";
import { REQUIRED_FIELD } from "../../../lib/error-messages.ts";

/** Who the requisites belong to: an individual entrepreneur or a legal entity. */
export type OrganizationType = OrganizationInput["type"];

/** The requisites as the fields hold them. */
export interface RequisitesValues {
  company: string;
  inn: string;
  kpp: string;
  ogrn: string;
  organizationAddress: string;
}

export type RequisiteField = keyof RequisitesValues;

export const REQUISITE_FIELDS: readonly RequisiteField[] = [
  "company",
  "inn",
  "kpp",
  "ogrn",
  "organizationAddress",
];

/** The longest address the contract takes. */
export const ADDRESS_MAX = 500;

const EMPTY: RequisitesValues = {
  company: "",
  inn: "",
  kpp: "",
  ogrn: "",
  organizationAddress: "",
};

function lengthError(value: string, max: number, empty: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return empty;
  return trimmed.length > max ? `Не больше ${max} символов` : null;
}

/** A required number: what it needs when empty, else the shared check's message. */
function requisiteError(value: string, empty: string, check: (value: string) => string | null) {
  return value.trim() ? check(value) : empty;
}

/**
 * The message of each requisite, or null when it is right: what an empty
 * field needs ('Введите ИНН'), then the same checks (and Russian texts) as
 * the contract's, so the form says before sending what the API would answer.
 */
export function requisiteErrors(
  values: RequisitesValues,
  type: OrganizationType,
): Record<RequisiteField, string | null> {
  const legal = type === "legal";
  return {
    company: lengthError(
      values.company,
      INPUT.defaultMax,
      legal ? REQUIRED_FIELD.organizationName : REQUIRED_FIELD.entrepreneurName,
    ),
    inn: requisiteError(values.inn, REQUIRED_FIELD.inn, (inn) => checkInn(inn, type)),
    kpp: legal ? requisiteError(values.kpp, REQUIRED_FIELD.kpp, checkKpp) : null,
    ogrn: requisiteError(values.ogrn, legal ? REQUIRED_FIELD.ogrn : REQUIRED_FIELD.ogrnip, (ogrn) =>
      checkOgrn(ogrn, type),
    ),
    organizationAddress: lengthError(
      values.organizationAddress,
      ADDRESS_MAX,
      legal ? REQUIRED_FIELD.legalAddress : REQUIRED_FIELD.registrationAddress,
    ),
  };
}

/** The body of an organization call (KPP only for a legal entity). */
export function toOrganizationInput(
  values: RequisitesValues,
  type: OrganizationType,
): OrganizationInput {
  return {
    type,
    company: values.company.trim(),
    inn: values.inn.trim(),
    ...(type === "legal" ? { kpp: values.kpp.trim() } : {}),
    ogrn: values.ogrn.trim(),
    organizationAddress: values.organizationAddress.trim(),
  };
}

function valuesOf(organization: Organization | null | undefined): RequisitesValues {
  if (!organization) return EMPTY;
  return {
    company: organization.company,
    inn: organization.inn,
    kpp: organization.kpp ?? "",
    ogrn: organization.ogrn,
    organizationAddress: organization.organizationAddress,
  };
}

export interface RequisitesDraft {
  values: RequisitesValues;
  set: (field: RequisiteField, value: string) => void;
  /** Fields left once: their messages show before a submit. */
  touched: ReadonlySet<RequisiteField>;
  touch: (field: RequisiteField) => void;
}

/** The requisites being typed, starting from a stored organization's when editing one. */
export function useRequisitesDraft(initial?: Organization | null): RequisitesDraft {
  const [values, setValues] = useState<RequisitesValues>(() => valuesOf(initial));
  const [touched, setTouched] = useState<ReadonlySet<RequisiteField>>(() => new Set());
  return {
    values,
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    touched,
    touch: (field) =>
      setTouched((current) => (current.has(field) ? current : new Set([...current, field]))),
  };
}
