import { establishmentsApi } from "@fonika/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient, UploadProgress } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { establishmentQueryKey } from "./get-establishment.ts";
import { establishmentsQueryKey } from "./list-establishments.ts";

/**
 * Sends the floor plan (an image or a PDF, multipart field `file`),
 * replacing the one before; answers the establishment with it.
 */
export function addLayoutFile(
  api: ApiClient,
  userId: string,
  id: string,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) {
  return api.upload(establishmentsApi.addLayoutFile, { params: { userId, id }, file, onProgress });
}

export function useAddLayoutFile(userId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      onProgress,
    }: {
      file: File;
      onProgress?: (progress: UploadProgress) => void;
    }) => addLayoutFile(api, userId, id, file, onProgress),
    onSuccess: async (establishment) => {
      queryClient.setQueryData(establishmentQueryKey(userId, id), establishment);
      await queryClient.invalidateQueries({ queryKey: establishmentsQueryKey });
    },
  });
}
