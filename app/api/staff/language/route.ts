// PUT /api/staff/language: the signed-in account's one language for every staff tool and its e-mails.
import { setStaffLang } from "@/lib/staff/session.service";
import { setStaffLanguage } from "@/lib/staff/staff.contract";
import { STAFF_LOCALE_COOKIE } from "@/lib/staff/staff-locale";
import { staffMethods, staffRoute } from "@/lib/staff/staff-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = staffMethods({
  PUT: staffRoute(setStaffLanguage, async (_request, { body, session, reply }) => {
    await setStaffLang(session.account.id, body.lang);
    const response = reply(200, { lang: body.lang });
    // The lock screen has no account to ask, so the browser keeps the language too.
    response.cookies.set(STAFF_LOCALE_COOKIE, body.lang, {
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
      sameSite: "lax",
    });
    return response;
  }),
});
