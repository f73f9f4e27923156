import { type DecodeRequest, decodeRequest } from './columnar-transfer';

/**
 * The decode worker (`decodeOffMainThread` starts it): decodes each payload it is sent and posts the
 * version back with its typed arrays transferred, so the page's main thread never runs the decoder.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { reply, transfer } = decodeRequest(event.data);
  scope.postMessage(reply, transfer);
};
