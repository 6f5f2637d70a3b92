// The periods live with the settings (lib/settings), which the privacy policy in lib/legal reads too.
export * from "@/lib/settings/retention-periods";
