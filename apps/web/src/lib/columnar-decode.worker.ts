import {
  type DecodeRequest,
  decodeRequest,
  decodeStreamRequest,
  type StreamDecodeRequest,
} from './columnar-transfer';

/**
 * The decode worker (`decodeOffMainThread` starts it): decodes each payload it is sent (its bytes, or the
 * body of the response still arriving, which it reads itself) and posts the
 * version back with its typed arrays transferred, so the page's main thread never runs the decoder.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest | StreamDecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  if ('body' in request) {
    void decodeStreamRequest(request).then(({ reply, transfer }) => scope.postMessage(reply, transfer));
    return;
  }
  const { reply, transfer } = decodeRequest(request);
  scope.postMessage(reply, transfer);
};
