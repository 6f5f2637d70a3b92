// Crawlers, link previewers, monitors and scripted clients; a maintained list of user-agent markers.
const BOT_MARKERS =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebot|embedly|quora link preview|whatsapp|telegrambot|skypeuripreview|bingpreview|yandex|baiduspider|duckduckgo|semrush|ahrefs|mj12|dotbot|petalbot|bytespider|gptbot|chatgpt|claudebot|anthropic|perplexity|ccbot|headlesschrome|phantomjs|lighthouse|pagespeed|pingdom|uptimerobot|statuscake|site24x7|datadog|newrelic|python-requests|python-urllib|aiohttp|httpx|curl\/|wget\/|go-http-client|okhttp|java\/|libwww|node-fetch|axios\/|undici|scrapy|postmanruntime|insomnia/i;

/** Whether a user agent belongs to a known bot, crawler or script; an empty one counts as a bot too. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return BOT_MARKERS.test(userAgent);
}
