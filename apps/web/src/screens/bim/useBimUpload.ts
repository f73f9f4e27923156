import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { ViewportModel } from './BimViewport';
import { previewIfc, uploadModel } from './bim-data';
import type { LoadedModel } from './bim-types';

/** Uploads an IFC file with progress, drawing a local preview of it until the server's parsed model is loaded. */
export function useBimUpload(spaceId: string, projectId: string | null, loaded: LoadedModel[]) {
  const utils = trpc.useUtils();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  // A local preview of the file being uploaded, drawn until the server's parsed model is loaded.
  const [previews, setPreviews] = useState<ViewportModel[]>([]);
  const [awaited, setAwaited] = useState<string | null>(null);
  // The upload whose preview may still be drawn: a preview parsed after the server's model arrived (a busy
  // machine's worker can be slower than the server) would otherwise be drawn over it, in plain colours.
  const previewOf = useRef<object | null>(null);
  useEffect(() => {
    if (awaited && loaded.some((m) => m.id === awaited)) {
      previewOf.current = null;
      setPreviews([]);
      setAwaited(null);
    }
  }, [awaited, loaded]);
  const onFile = async (file: File) => {
    if (!projectId) return;
    const upload = {};
    previewOf.current = upload;
    setUploading({ name: file.name, progress: 0 });
    setPreviews([]);
    let chunk = 0;
    const preview = previewIfc(file, (geometry, complete, globalIds) => {
      if (previewOf.current !== upload) return;
      // A preview is drawn where its file puts it; a map reference applies once the model is stored.
      const model = {
        id: `preview:${complete ? 'all' : chunk++}`,
        geometry,
        globalIds,
        visible: true,
        placement: null,
      };
      setPreviews((list) => (complete ? [model] : [...list, model]));
    }).catch(() => {
      if (previewOf.current === upload) setPreviews([]);
    });
    const created = await uploadModel(spaceId, projectId, file, (progress) =>
      setUploading({ name: file.name, progress }),
    );
    setUploading(null);
    if (created) {
      setAwaited(created.id);
      void utils.bim.models.list.invalidate();
    } else {
      await preview;
      if (previewOf.current === upload) previewOf.current = null;
      setPreviews([]);
    }
  };

  return { uploading, previews, onFile };
}
