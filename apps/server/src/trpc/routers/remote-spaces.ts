import { copyRemoteSpaceInput, remoteSpacesInput } from '@takt/contracts';
import * as backups from '../../domains/backups';
import { router, spaceMutation } from '../trpc';

/**
 * Remote spaces (API GET remote-spaces, POST space/copy-remote): space administration, ability `space.manage` of
 * the space the caller works in (the copy's job is recorded there). Both are mutations: they call another server
 * with a token, which a query would put into the address.
 */
export const remoteSpacesRouter = router({
  list: spaceMutation('space.manage', remoteSpacesInput, backups.listRemoteSpaces),
  copy: spaceMutation('space.manage', copyRemoteSpaceInput, backups.copyRemoteSpace),
});
