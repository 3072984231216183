import { type CopyrightLicence, type LicenceFields, licencesApi } from "@fonika/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";

/**
 * A copyright holder's licences (issue 32): listed, recorded with their
 * document, corrected, removed; and the ones ending soon. Every change
 * reads the catalog's answers again (a licence changes what plays).
 */

const LICENCES_KEY = ["catalog", "licences"] as const;

export function useLicences(holderId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...LICENCES_KEY, holderId] as const,
    queryFn: () => api.call(licencesApi.listLicences, { params: { id: holderId } }),
  });
}

export function useEndingLicences(days?: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...LICENCES_KEY, "ending", days ?? null] as const,
    queryFn: () =>
      api.call(licencesApi.listEndingLicences, {
        query: days === undefined ? {} : { days: String(days) },
      }),
  });
}

function useLicenceChange<T>(run: (api: ApiClient, input: T) => Promise<unknown>) {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => run(api, input),
    onSuccess: () => queries.invalidateQueries({ queryKey: ["catalog"] }),
  });
}

/** Records a licence, then attaches its document when one was chosen. */
export function useAddLicence(holderId: string) {
  return useLicenceChange(
    async (api, { fields, document }: { fields: LicenceFields; document: File | null }) => {
      const made = await api.call(licencesApi.addLicence, {
        params: { id: holderId },
        body: fields,
      });
      if (!document) return made;
      return api.upload(licencesApi.changeLicenceDocument, {
        params: { id: holderId, licenceId: made.id },
        file: document,
      });
    },
  );
}

export function useChangeLicence(holderId: string) {
  return useLicenceChange(
    (api, { licenceId, change }: { licenceId: string; change: Partial<LicenceFields> }) =>
      api.call(licencesApi.changeLicence, { params: { id: holderId, licenceId }, body: change }),
  );
}

export function useChangeLicenceDocument(holderId: string) {
  return useLicenceChange((api, { licenceId, file }: { licenceId: string; file: File }) =>
    api.upload(licencesApi.changeLicenceDocument, { params: { id: holderId, licenceId }, file }),
  );
}

export function useRemoveLicence(holderId: string) {
  return useLicenceChange((api, licenceId: string) =>
    api.call(licencesApi.removeLicence, { params: { id: holderId, licenceId } }),
  );
}

/** The document's address with the access token of this moment: made when the link is followed. */
export function licenceDocumentUrl(api: ApiClient, licence: CopyrightLicence): string {
  return api.fileUrl(licencesApi.getLicenceDocument, {
    params: { id: licence.holderId, licenceId: licence.id },
  });
}
