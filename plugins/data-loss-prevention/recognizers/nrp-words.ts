/**
 * Nationalities, religious and political groups (folded, lower case): the NRP recognizer
 * reports them, and the name recognizer never takes one for a name (`American food`).
 */
export const NRP_WORDS: ReadonlySet<string> = new Set(
  (
    // Nationalities and peoples.
    'american english british danish czech spanish french german italian dutch swedish finnish norwegian polish greek hungarian russian chinese japanese korean indian irish scottish welsh canadian mexican brazilian portuguese turkish swiss austrian belgian icelandic estonian latvian lithuanian ukrainian tunisian moroccan egyptian israeli arab arabic african asian european australian latin slovak slovenian croatian serbian romanian bulgarian cypriot ' +
    'afghan albanian algerian angolan argentine argentinian armenian azerbaijani bangladeshi belarusian bolivian bosnian cambodian cameroonian chilean colombian congolese costa cuban dominican ecuadorian emirati eritrean ethiopian filipino georgian ghanaian guatemalan haitian honduran indonesian iranian iraqi jamaican jordanian kazakh kenyan kuwaiti kyrgyz lao laotian lebanese libyan macedonian malagasy malaysian maltese mongolian montenegrin mozambican namibian nepali nepalese nicaraguan nigerian pakistani palestinian panamanian paraguayan peruvian qatari rwandan salvadoran saudi senegalese singaporean somali sudanese syrian taiwanese tajik tanzanian thai tibetan turkmen ugandan uruguayan uzbek venezuelan vietnamese yemeni zambian zimbabwean hispanic latino latina latinx ' +
    // Religious groups.
    'jewish muslim christian catholic hindu buddhist protestant orthodox evangelical lutheran methodist baptist anglican presbyterian mormon sikh jain shia sunni atheist agnostic quaker pentecostal adventist taoist zoroastrian bahai ' +
    // Political groups.
    'republican republicans democrat democrats democratic socialist socialists communist communists conservative conservatives liberal liberals libertarian libertarians labour tory tories green greens nationalist nationalists marxist'
  ).split(' '),
);
