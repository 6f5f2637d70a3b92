// POST /api/content/images: multipart `file`, a PNG, JPEG or WebP image up to 5 MB, checked and stored.
import { storeContentImage } from "@/lib/content/content-image.service";
import * as contracts from "@/lib/content/content.contract";
import { readImageUpload } from "@/lib/content/image-upload";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  POST: staffRoute(contracts.uploadContentImage, async (request, { session, reply }) =>
    reply(201, await storeContentImage(await readImageUpload(request), session)),
  ),
});
