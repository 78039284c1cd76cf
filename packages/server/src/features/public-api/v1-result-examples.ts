/**
 * Success examples of the OpenAPI document: real answers of this server (a page audit of a small
 * tea shop, every tool on the built-in analysis), with the addresses rewritten to example.com and
 * long lists cut to two items. The tests check each against its operation's schema, so a change
 * of a result's shape that forgets its example fails there.
 */
export const V1_RESULT_EXAMPLES: Record<string, unknown> = {
  "createAudit": {
    "id": "5e59eb54-976a-40fa-a649-82a9acad9f03",
    "status": "queued",
    "scope": "page",
    "website_url": "https://example.com/",
    "progress": {
      "done": 0
    },
    "created_at": "2026-11-27T10:56:44.219Z"
  },
  "getAudit": {
    "id": "5e59eb54-976a-40fa-a649-82a9acad9f03",
    "status": "completed",
    "scope": "page",
    "website_url": "https://example.com/",
    "progress": {
      "done": 1,
      "total": 1
    },
    "result": {
      "kind": "page",
      "overallScore": 64,
      "subscores": {
        "aiUnderstanding": 74,
        "citationLikelihood": 9,
        "conversationalReadiness": 100,
        "contentStructure": 93
      },
      "recommendations": [
        "Content cites no external sources: Link the claims to their primary sources (studies, official statistics, standards) inside the text.",
        "Content is thin: Expand the content with sections that answer the related questions a reader would ask next."
      ],
      "issues": [
        {
          "checkId": "cited-sources",
          "title": "Content cites no external sources",
          "priority": "Medium",
          "category": "Content",
          "suggestion": "Link the claims to their primary sources (studies, official statistics, standards) inside the text.",
          "learnMore": "https://arxiv.org/abs/2311.09735"
        },
        {
          "checkId": "content-depth",
          "title": "Content is thin",
          "priority": "High",
          "category": "Content",
          "suggestion": "Expand the content with sections that answer the related questions a reader would ask next.",
          "learnMore": "https://developers.google.com/search/docs/fundamentals/creating-helpful-content"
        }
      ],
      "checks": [
        {
          "id": "ai-crawler-access",
          "title": "AI crawlers can fetch the page",
          "subscore": "aiUnderstanding",
          "score": 1,
          "passed": true,
          "explanation": "All 15 AI crawlers tested may fetch the page.",
          "suggestion": "Allow the search and user-triggered AI crawlers (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, PerplexityBot...) in robots.txt and in any firewall or bot-protection rules.",
          "learnMore": "https://platform.openai.com/docs/bots",
          "priority": "High",
          "category": "Technical SEO",
          "pointsLost": 0
        },
        {
          "id": "indexability",
          "title": "Page may be indexed and quoted",
          "subscore": "aiUnderstanding",
          "score": 1,
          "passed": true,
          "explanation": "No robots directive stops indexing or quoting.",
          "suggestion": "Remove noindex, nosnippet and max-snippet:0 from the meta robots tag and the X-Robots-Tag header of pages you want cited.",
          "learnMore": "https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag",
          "priority": "High",
          "category": "Technical SEO",
          "pointsLost": 0
        }
      ],
      "httpStatus": 200,
      "pageCount": 1,
      "pages": [
        {
          "url": "https://example.com/",
          "title": "Lantern Tea | Single-origin Japanese green tea",
          "overallScore": 64,
          "subscores": {
            "aiUnderstanding": 74,
            "citationLikelihood": 9,
            "conversationalReadiness": 100,
            "contentStructure": 93
          },
          "httpStatus": 200
        }
      ],
      "detail": "full"
    },
    "created_at": "2026-11-27T10:56:44.219Z",
    "finished_at": "2026-11-27T10:56:44.422Z"
  },
  "listAudits": {
    "audits": [
      {
        "id": "5e59eb54-976a-40fa-a649-82a9acad9f03",
        "kind": "page",
        "website_url": "https://example.com/",
        "overall_score": 64,
        "subscores": {
          "aiUnderstanding": 74,
          "citationLikelihood": 9,
          "conversationalReadiness": 100,
          "contentStructure": 93
        },
        "recommendations": [
          "Content cites no external sources: Link the claims to their primary sources (studies, official statistics, standards) inside the text.",
          "Content is thin: Expand the content with sections that answer the related questions a reader would ask next."
        ],
        "page_count": 1,
        "created_at": "2026-11-27T10:56:44.411Z",
        "detail": "full"
      }
    ],
    "current": null,
    "nextCursor": null,
    "yourScore": {
      "kind": "page",
      "auditId": "5e59eb54-976a-40fa-a649-82a9acad9f03",
      "url": "https://example.com/",
      "score": 64,
      "pageCount": 1,
      "measuredAt": "2026-11-27T10:56:44.411Z",
      "label": "Page audit of https://example.com/: one page's score, not the site's."
    }
  },
  "runSchemaGenerator": {
    "suggestedType": "FAQPage",
    "detectedTypes": [
      "FAQPage"
    ],
    "validationWarnings": [],
    "schema": {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      "@id": "https://example.com/faq#faq",
      "mainEntity": [
        {
          "@type": "Question",
          "name": "How long does green tea stay fresh?",
          "acceptedAnswer": {
            "@type": "Answer",
            "text": "Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air."
          }
        },
        {
          "@type": "Question",
          "name": "Does sencha contain caffeine?",
          "acceptedAnswer": {
            "@type": "Answer",
            "text": "Yes. A cup of sencha contains about 30 mg of caffeine, less than a third of a cup of coffee."
          }
        }
      ]
    },
    "instructions": [
      "Copy the script element under \"Implementation\".",
      "Paste it into the <head> of https://example.com/faq (or the page's custom code field in your CMS)."
    ],
    "implementation": "<script type=\"application/ld+json\">\n{\n  \"@context\": \"https://schema.org\",\n  \"@type\": \"FAQPage\",\n  \"@id\": \"https://example.com/faq#faq\",\n  \"mainEntity\": [\n    {\n      \"@type\": \"Question\",\n      \"name\": \"How long does green tea stay fresh?\",\n      \"acceptedAnswer\": {\n        \"@type\": \"Answer\",\n        \"text\": \"Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.\"\n      }\n    },\n    {\n      \"@type\": \"Question\",\n      \"name\": \"Does sencha contain caffeine?\",\n      \"acceptedAnswer\": {\n        \"@type\": \"Answer\",\n        \"text\": \"Yes. A cup of sencha contains about 30 mg of caffeine, less than a third of a cup of coffee.\"\n      }\n    },\n    {\n      \"@type\": \"Question\",\n      \"name\": \"Do you ship outside Europe?\",\n      \"acceptedAnswer\": {\n        \"@type\": \"Answer\",\n        \"text\": \"No. Lantern Tea ships to every country in the European Union and to the United Kingdom.\"\n      }\n    }\n  ]\n}\n</script>",
    "mergedExisting": []
  },
  "runCitationTracker": {
    "runId": "c039d191-5cf0-4131-a5c1-90596bc8a51e",
    "source": "no source answered",
    "domain": "example.com",
    "brand": "Example",
    "keywords": [
      "green tea storage"
    ],
    "fingerprintPhrases": [],
    "prompts": [
      "What are the best tools for green tea storage?",
      "Which companies are known for green tea storage?"
    ],
    "samplesPerPrompt": 3,
    "sources": [
      {
        "id": "chatgpt",
        "name": "ChatGPT",
        "kind": "answer-engine",
        "status": "not_configured",
        "message": "Not set up on this server."
      },
      {
        "id": "claude",
        "name": "Claude",
        "kind": "answer-engine",
        "status": "not_configured",
        "message": "Not set up on this server."
      }
    ],
    "citations": [],
    "mentionRates": [],
    "overall": {
      "samples": 0,
      "mentions": 0,
      "rate": 0,
      "interval": {
        "low": 0,
        "high": 1
      }
    },
    "newMentions": [],
    "previousRunAt": null,
    "shareOfVoice": [
      {
        "name": "Example",
        "domain": "example.com",
        "isUser": true,
        "mentions": 0,
        "share": 0
      }
    ],
    "shareOfVoiceByEngine": [],
    "citationGap": [],
    "answers": [],
    "created_at": "2026-11-27T10:56:44.900Z"
  },
  "runContentOptimizer": {
    "optimizedContent": "Green tea keeps for six months. Store it cool and dark, in an airtight tin, away from spices.",
    "originalScore": 17,
    "optimizedScore": 17,
    "improvement": 0,
    "originalSubscores": {
      "aiUnderstanding": 56,
      "citationLikelihood": 0,
      "conversationalReadiness": 0,
      "contentStructure": 0
    },
    "optimizedSubscores": {
      "aiUnderstanding": 56,
      "citationLikelihood": 0,
      "conversationalReadiness": 0,
      "contentStructure": 0
    },
    "changes": [],
    "placeholders": [],
    "checksMoved": [],
    "humanNeeded": [],
    "source": "built-in analysis"
  },
  "runEntityCoverageAnalyzer": {
    "coverageScore": 100,
    "mentionedCount": 9,
    "missingCount": 0,
    "mentionedEntities": [
      {
        "name": "tea",
        "type": "topic",
        "description": "Mentioned 14 times on your page; 1 of 1 competitor also name it.",
        "recommendations": [],
        "userMentions": 14,
        "competitorCount": 1,
        "competitorMentions": 14
      },
      {
        "name": "green tea",
        "type": "topic",
        "description": "Mentioned 6 times on your page; 1 of 1 competitor also name it.",
        "recommendations": [],
        "userMentions": 6,
        "competitorCount": 1,
        "competitorMentions": 6
      }
    ],
    "missingEntities": [],
    "competitorsAnalyzed": 1,
    "errorPages": []
  },
  "runLlmSiteSummaries": {
    "summaryType": "overview",
    "summary": "Lantern Tea sells single-origin green teas from six family farms in Shizuoka, Japan. Sencha is a steamed Japanese green tea. Brew sencha with water at 70 °C for one minute, using five grams of leaves per cup. Hotter water makes green tea bitter. Sealed green tea stays fresh for about twelve months.",
    "sentences": [
      {
        "text": "Lantern Tea sells single-origin green teas from six family farms in Shizuoka, Japan.",
        "url": "https://example.com/",
        "score": 0.108
      },
      {
        "text": "Sencha is a steamed Japanese green tea.",
        "url": "https://example.com/",
        "score": 0.1034
      }
    ],
    "entities": [
      {
        "name": "Amsterdam",
        "type": "place",
        "count": 2
      },
      {
        "name": "Europe",
        "type": "place",
        "count": 2
      }
    ],
    "topics": [
      "tea",
      "green"
    ],
    "optimizationNotes": [
      "No page declares the organization in JSON-LD (name, logo, sameAs), so models must guess who is behind the site; add Organization markup to the home page.",
      "4 of 4 pages carry no structured data (https://example.com/, https://example.com/about, https://example.com/brewing-guide, …)."
    ],
    "pagesAnalyzed": 4,
    "errorPages": [],
    "source": "built-in analysis",
    "llms": {
      "llmsTxt": "# Lantern Tea\n\n> Lantern Tea sells single-origin Japanese green teas from Shizuoka, shipped within two days across Europe.\n\n## Main pages\n\n- [Lantern Tea: single-origin Japanese green tea](https://example.com/): Lantern Tea sells single-origin Japanese green teas from Shizuoka, shipped within two days across Europe.\n- [About Lantern Tea](https://example.com/about): Lantern Tea was founded in 2019 by Aiko Tanaka and works directly with six tea farms in Shizuoka.\n- [How to brew Japanese green tea](https://example.com/brewing-guide): How to brew sencha, gyokuro and matcha: water temperature, leaf quantity and steeping time.\n- [Frequently asked questions](https://example.com/faq): Answers about shipping, storage and caffeine in Japanese green tea.\n",
      "llmsFullTxt": "# Lantern Tea\n\n> Lantern Tea sells single-origin Japanese green teas from Shizuoka, shipped within two days across Europe.\n\n## Lantern Tea: single-origin Japanese green tea\n\nSource: https://example.com/\n\nLantern Tea sells single-origin green teas from six family farms in Shizuoka, Japan. We ship sencha, gyokuro and matcha within two days across Europe.\n\n### What is sencha?\n\nSencha is a steamed Japanese green tea. It makes up about 80% of the tea grown in Japan, and it tastes grassy, sweet and slightly bitter.\n\n### Our teas\n\nShizuoka sencha, 100 g, €14\n\nUji gyokuro, 50 g, €22\n\nCeremonial matcha, 30 g, €19\n\n### Further reading\n\n## About Lantern Tea\n\nSource: https://example.com/about\n\nLantern Tea was founded in 2019 by Aiko Tanaka in Amsterdam. We buy green tea directly from six family farms in Shizuoka and pay them 30% above the auction price.\n\nEvery harvest is tasted in Amsterdam before it is sold. Our sencha is steamed for forty seconds, which keeps its colour bright green.\n\n## How to brew Japanese green tea\n\nSource: https://example.com/brewing-guide\n\nBrew sencha with water at 70 °C for one minute, using five grams of leaves per cup. Hotter water makes green tea bitter.\n\n### How do you brew gyokuro?\n\nGyokuro needs cooler water, 50 to 60 °C, and a longer steep of two minutes. Use eight grams of leaves for a small pot.\n\n### Steps\n\nWarm the teapot with hot water.\n\nAdd five grams of sencha leaves.\n\nPour water at 70 °C and steep for one minute.\n\nPour every last drop into the cups.\n\n## Frequently asked questions\n\nSource: https://example.com/faq\n\n### How long does green tea stay fresh?\n\nSealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.\n\n### Does sencha contain caffeine?\n\nYes. A cup of sencha contains about 30 mg of caffeine, less than a third of a cup of coffee.\n\n### Do you ship outside Europe?\n\nNo. Lantern Tea ships to every country in the European Union and to the United Kingdom.\n",
      "validation": {
        "score": 1,
        "explanation": "llms.txt is valid: \"Lantern Tea\", 1 section(s), 4 link(s).",
        "errors": [],
        "warnings": []
      }
    }
  },
  "runPromptMatchSuggestions": {
    "totalPrompts": 16,
    "promptsByCategory": {
      "informational": [
        {
          "prompt": "How to brew Japanese green tea",
          "intent": "informational",
          "likelihood": 86,
          "bestPassage": {
            "url": "https://example.com/brewing-guide",
            "heading": "How to brew Japanese green tea",
            "text": "Brew sencha with water at 70 °C for one minute, using five grams of leaves per cup. Hotter water makes green tea bitter.",
            "rank": 1
          },
          "optimization": "Answered by the passage \"How to brew Japanese green tea\" on https://example.com/brewing-guide. Keep its first 25-60 words a self-contained answer; define the subject in the first sentence.",
          "aiSystem": "ChatGPT"
        },
        {
          "prompt": "How long does green tea stay fresh?",
          "intent": "informational",
          "likelihood": 100,
          "bestPassage": {
            "url": "https://example.com/faq",
            "heading": "How long does green tea stay fresh?",
            "text": "Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.",
            "rank": 1
          },
          "optimization": "Answered by the passage \"How long does green tea stay fresh?\" on https://example.com/faq. Keep its first 25-60 words a self-contained answer; define the subject in the first sentence.",
          "aiSystem": "ChatGPT"
        }
      ],
      "transactional": [
        {
          "prompt": "How much does green tea storage cost?",
          "intent": "transactional",
          "likelihood": 20,
          "bestPassage": {
            "url": "https://example.com/faq",
            "heading": "How long does green tea stay fresh?",
            "text": "Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"How long does green tea stay fresh?\" on https://example.com/faq) does not mention much, storage, cost. Add a section headed \"How much does green tea storage cost?\" with a 25-60 word answer first; state prices, availability and how to buy or book.",
          "aiSystem": "Google AI Overviews"
        },
        {
          "prompt": "Where can I buy green tea storage?",
          "intent": "transactional",
          "likelihood": 25,
          "bestPassage": {
            "url": "https://example.com/about",
            "heading": "About Lantern Tea",
            "text": "Lantern Tea was founded in 2019 by Aiko Tanaka in Amsterdam. We buy green tea directly from six family farms in Shizuoka and pay them 30% above the auction price. Every harvest is tasted in Amsterdam before it is sold. Our sencha is steamed for forty seconds, which keeps its colour bright green.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"About Lantern Tea\" on https://example.com/about) does not mention storage. Add a section headed \"Where can I buy green tea storage?\" with a 25-60 word answer first; state prices, availability and how to buy or book.",
          "aiSystem": "Google AI Overviews"
        }
      ],
      "navigational": [
        {
          "prompt": "Does Lantern Tea offer green tea storage?",
          "intent": "navigational",
          "likelihood": 29,
          "bestPassage": {
            "url": "https://example.com/",
            "heading": "Lantern Tea: single-origin Japanese green tea",
            "text": "Lantern Tea sells single-origin green teas from six family farms in Shizuoka, Japan. We ship sencha, gyokuro and matcha within two days across Europe.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"Lantern Tea: single-origin Japanese green tea\" on https://example.com/) does not mention offer, storage. Add a section headed \"Does Lantern Tea offer green tea storage?\" with a 25-60 word answer first; name Lantern Tea and link the page people look for (pricing, contact, sign-up).",
          "aiSystem": "Google AI Overviews"
        },
        {
          "prompt": "How do I contact Lantern Tea about green tea storage?",
          "intent": "navigational",
          "likelihood": 37,
          "bestPassage": {
            "url": "https://example.com/about",
            "heading": "About Lantern Tea",
            "text": "Lantern Tea was founded in 2019 by Aiko Tanaka in Amsterdam. We buy green tea directly from six family farms in Shizuoka and pay them 30% above the auction price. Every harvest is tasted in Amsterdam before it is sold. Our sencha is steamed for forty seconds, which keeps its colour bright green.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"About Lantern Tea\" on https://example.com/about) does not mention contact, storage. Add a section headed \"How do I contact Lantern Tea about green tea storage?\" with a 25-60 word answer first; name Lantern Tea and link the page people look for (pricing, contact, sign-up).",
          "aiSystem": "Google AI Overviews"
        }
      ],
      "commercial": [
        {
          "prompt": "What is the best green tea storage?",
          "intent": "commercial",
          "likelihood": 32,
          "bestPassage": {
            "url": "https://example.com/",
            "heading": "What is sencha?",
            "text": "Sencha is a steamed Japanese green tea. It makes up about 80% of the tea grown in Japan, and it tastes grassy, sweet and slightly bitter.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"What is sencha?\" on https://example.com/) does not mention best, storage. Add a section headed \"What is the best green tea storage?\" with a 25-60 word answer first; compare the options in a table with named criteria and figures.",
          "aiSystem": "Perplexity"
        },
        {
          "prompt": "Green tea storage vs European Union: which is better?",
          "intent": "commercial",
          "likelihood": 15,
          "bestPassage": {
            "url": "https://example.com/about",
            "heading": "About Lantern Tea",
            "text": "Lantern Tea was founded in 2019 by Aiko Tanaka in Amsterdam. We buy green tea directly from six family farms in Shizuoka and pay them 30% above the auction price. Every harvest is tasted in Amsterdam before it is sold. Our sencha is steamed for forty seconds, which keeps its colour bright green.",
            "rank": 1
          },
          "optimization": "Your closest passage (\"About Lantern Tea\" on https://example.com/about) does not mention storage, european, union, better. Add a section headed \"Green tea storage vs European Union: which is better?\" with a 25-60 word answer first; compare the options in a table with named criteria and figures.",
          "aiSystem": "Perplexity"
        }
      ]
    },
    "errorPages": []
  },
  "runVoiceAssistantTester": {
    "query": "how long does green tea keep",
    "simulated": true,
    "results": [
      {
        "assistant": "siri",
        "response": "Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.",
        "mentioned": true,
        "confidence": 90,
        "ranking": 1,
        "source": "https://example.com/faq",
        "basis": "Siri answers from web results (Siri Knowledge and search suggestions) and reads answer-first passages; pages with structured data and question headings are parsed most reliably."
      },
      {
        "assistant": "alexa",
        "response": "Sealed green tea stays fresh for about twelve months. Once opened, drink it within two months and keep it away from light and air.",
        "mentioned": true,
        "confidence": 91,
        "ranking": 1,
        "source": "https://example.com/faq",
        "basis": "Alexa answers general questions with one short direct answer (Amazon's Alexa Answers guidelines ask for a concise, factual reply), so a passage whose first sentence answers briefly wins; long passages lose."
      }
    ],
    "summary": {
      "totalMentions": 2,
      "assistantsTested": 2,
      "averageRanking": 1,
      "averageConfidence": 91
    },
    "errorPages": []
  },
  "runCompetitiveAnalysis": {
    "primarySiteAnalysis": {
      "name": "Tea Shop",
      "url": "https://example.com/",
      "overallScore": 64,
      "subscores": {
        "aiUnderstanding": 74,
        "citationLikelihood": 9,
        "conversationalReadiness": 100,
        "contentStructure": 93
      }
    },
    "competitorAnalyses": [
      {
        "name": "competitor.example",
        "url": "https://competitor.example/",
        "overallScore": 64,
        "subscores": {
          "aiUnderstanding": 74,
          "citationLikelihood": 9,
          "conversationalReadiness": 100,
          "contentStructure": 93
        }
      }
    ],
    "benchmarks": {
      "industryAverage": 64,
      "industryAverageSource": "competitors",
      "competitorSubscoreAverages": {
        "aiUnderstanding": 74,
        "citationLikelihood": 9,
        "conversationalReadiness": 100,
        "contentStructure": 93
      }
    },
    "summary": {
      "competitivePosition": "Competitive",
      "averageCompetitorScore": 64,
      "scoreDifference": 0
    },
    "recommendations": [],
    "checkGaps": []
  },
  "runCompetitorDiscovery": {
    "totalSuggestions": 0,
    "competitorSuggestions": [],
    "errorPages": []
  }
};
