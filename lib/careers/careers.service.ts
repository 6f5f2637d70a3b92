// The careers feature's public face: the open positions and where each one lives.
export { careersPath, openJobs, type Job } from "./jobs";
