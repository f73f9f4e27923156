// What the projects domain offers the transport: facilities' and projects' details, settings, copy, calculation
// settings, links and general WBS; schedules' details, deletion, actual version and settings; versions' users,
// empty works and activities; a node's passport; a version's file.
export { deletePassport, downloadPassport, passportInfo, uploadPassport } from './passport';
export {
  calculateSettings,
  copyProject,
  createProjectLink,
  deleteProjectLink,
  facilityDetails,
  projectDetails,
  projectGwbs,
  projectLinks,
  projectSettings,
  saveCalculateSettings,
  updateProjectSettings,
} from './projects';
export { actualInfo, deleteSchedule, getSchedule, updateScheduleSettings } from './schedules';
export { activities, checkEmptyWorks, versionFile, versionUsers } from './version-info';
