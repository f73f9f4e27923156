import { noticeIdInput, noticesCheckInput, noticesListInput, spaceInput } from '@takt/contracts';
import * as notices from '../../domains/notices';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** Notices (API notices, notices/personal-area, notices-status, actual-version-and-set-checked, deletions). */
export const noticesRouter = router({
  list: spaceQuery('space.view', noticesListInput, notices.listNotices),
  personalArea: spaceQuery('space.view', noticesListInput, notices.listPersonalArea),
  status: spaceQuery('space.view', spaceInput, (ctx) => notices.noticesStatus(ctx)),
  check: spaceMutation('space.view', noticesCheckInput, notices.checkNotices),
  actualVersionAndSetChecked: spaceMutation('space.view', noticeIdInput, (ctx, input) =>
    notices.actualVersionAndSetChecked(ctx, input.noticeId),
  ),
  delete: spaceMutation('space.view', noticeIdInput, (ctx, input) =>
    notices.deleteNotice(ctx, input.noticeId),
  ),
  deleteAll: spaceMutation('space.view', spaceInput, (ctx) => notices.deleteAllNotices(ctx)),
  deletePersonal: spaceMutation('space.view', noticeIdInput, (ctx, input) =>
    notices.deletePersonalNotice(ctx, input.noticeId),
  ),
  deleteAllPersonal: spaceMutation('space.view', spaceInput, (ctx) => notices.deleteAllPersonal(ctx)),
});
