import { startEarlySchedule } from './early-schedule';

// The first script of the page, loaded beside the app's bundle and run as soon as it arrives.
startEarlySchedule(window.location);
