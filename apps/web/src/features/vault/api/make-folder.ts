import { vaultApi } from "@fonika/shared";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api-client.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useInvalidateLibrary } from "../../../lib/library-cache.ts";

export interface MakeFolderInput {
  /** The folder or partition root that receives it. */
  parentId: string;
  name: string;
}

export function makeFolder(api: ApiClient, { parentId, name }: MakeFolderInput) {
  return api.call(vaultApi.makeFolder, { params: { id: parentId }, body: { name } });
}

/** Creates a folder (at most 4 deep; a taken name is refused with the server's reason). */
export function useMakeFolder() {
  const api = useApiClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (input: MakeFolderInput) => makeFolder(api, input),
    onSuccess: invalidate,
  });
}
