#include "stylometry/detectors/char_ngrams.hpp"

#include <array>
#include <string>
#include <unordered_map>

#include "stylometry/detectors/common/lexical.hpp"

namespace fantasma {
namespace {

// The 500 most frequent letter 3-grams of the Brown corpus's words, most frequent first,
// each word padded with a boundary ('_') on both sides. Derived once by counting the
// corpus's lower-cased alphabetic words; a fixed list keeps every document's features
// comparable with the reference's.
constexpr std::string_view kTrigrams =
    "_ththehe_ed__of_anof_nd_and_in_toingng_er_to_on_in_is__a_es_"
    "_coionre_as_at__beent_heor_tioly__ha_reher_wafor_foen__whal_"
    "an_hat_wint_tha_mahisere_onterst__hiati_pr_stth__itll_le__no"
    "_isce_ts_ateit_ve_wasse_allut__asver_weme__ca_dech__seiththi"
    "ld_con_soreswit_mors_tednce_shmeners_arne_ns__di_alareonseve"
    "reaad_pro_wory__fr_listaess_atte__su_bucom_me_panotbe_iveone"
    "estearout_saty_ay_intperomeot__fiillect_doman_ne_or_ho_po_ch"
    "oulist's_aveghtuldom_tinby__yoainicaove_unideighss_derhad_by"
    "ore_exineyou_lorom_lecti_i_strredhin_fa_peournteouney_ble_la"
    "ratwhi_trbutothfroow_prestitraundste_miitiet__sihouartwerar_"
    "shecalhancouic_ant_bage_hen_grerihavacturede_ht_ort_goturtic"
    "indencid__oueratho_bontihiceenousameughus_wheds_parroundeich"
    "ityuserin_eniescantenheyke__telineastorougnedustmin_aceatssi"
    "plalit_spardmor_plllylesir_naltatancablworageendtte_evastany"
    "_feny_ite_brdenveneserd_ellou_ew_pleck__raoseialhimdinown_cl"
    "_tart_cesinsrecontsed_ab_musineadraninctanchaso_ninlatass_da"
    "renlanemeshowhonatntsimeleariedisct_ur_im_timongicellesioche"
    "em_nesledsomostls_ralhesgh_wn_ake_roberwouapptivonahaswil_ti"
    "heiacesontri_africreeach_gekinnowposernstoadesenspemereirits"
    "eneunitesompwe__upgreopeheandibee_scackirechi_pu_eaded_adner"
    "cataboporaidattod_lar_usritsidee_uchhar_yeuntnewormmat_aghem"
    "oldnsthowgraup__nangeordelyansseldesms_exp_apilewaythreryang"
    "nsiseeensinaariecoalimpl_imsittalmarmonho_ualwarpenlowserfic"
    "no_ienish_amwhacenowe_crnly_drlicsesaryif_ath_ifeacsseookpri"
    "ood_rintrommntoertelesur_otkedboutaiaseinihilals't_elin'tday";
constexpr std::size_t kTrigramCount = kTrigrams.size() / 3;
static_assert(kTrigrams.size() % 3 == 0 && kTrigramCount == 500);

}  // namespace

void CharNgrams::detect(const DetectionContext& context, MarkerSink& sink) const {
    std::unordered_map<std::string_view, std::size_t> index;  // trigram -> position in list
    for (std::size_t i = 0; i < kTrigramCount; ++i) index.emplace(kTrigrams.substr(i * 3, 3), i);

    std::array<double, kTrigramCount> counts{};
    double trigrams = 0;
    std::string padded;
    for (const Token& token : context.document.tokens()) {
        if (!lexical::is_word(token)) continue;
        padded.assign(1, '_');  // reuses the buffer: no allocation per word
        padded += token.norm;
        padded += '_';
        for (std::size_t i = 0; i + 3 <= padded.size(); ++i) {
            ++trigrams;
            const auto found = index.find(std::string_view(padded).substr(i, 3));
            if (found != index.end()) ++counts[found->second];
        }
    }
    if (trigrams == 0) return;
    std::string feature = "char-3gram.";
    for (std::size_t i = 0; i < kTrigramCount; ++i) {
        feature.resize(11);
        feature += kTrigrams.substr(i * 3, 3);
        sink.measure(feature, counts[i], trigrams);
    }
}

}  // namespace fantasma
